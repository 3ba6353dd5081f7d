import { describe, expect, it } from 'vitest';
import { useRouteCatalogue, useTestApp } from '../../test/helpers.ts';
import { resourceDefinitions } from './define.ts';

/*
 * docs/resources.md: history is never missing for a write that happened. Walks the route
 * catalogue: every write route names the record kinds whose history it keeps (the kit's write
 * routes do so themselves; a service route that writes such a record through the kit's `writes`
 * says so in its config), or stands in the allow-list below with the reason it keeps none.
 */

/**
 * Write routes that keep no record history, by the reason why. A route matches an entry when its
 * `METHOD /url` starts with it (a trailing space or slash marks the end of a path).
 */
const noHistory: { reason: string; routes: readonly string[] }[] = [
  {
    reason:
      "delivery, retention and report settings (an organisation's notification timeouts and LINE channel, the server's mail, LINE and push settings, data retention, scheduled reports): configuration, not care records; every change is in the audit trail",
    routes: [
      'PUT /api/notify/policy',
      'PUT /api/report-schedule/',
      'PUT /api/notify/settings',
      'POST /api/notify/settings/test-mail',
      'PUT /api/retention',
      'PUT /api/line/channel',
      'DELETE /api/line/channel',
    ],
  },
  {
    reason:
      "one's own addresses for notifications (this device's push subscription, a LINE link code): addresses, not records",
    routes: ['POST /api/personal/push', 'DELETE /api/personal/push/', 'POST /api/personal/line/code', 'DELETE /api/personal/line'],
  },
  {
    reason:
      "an acknowledgement from a phone (a push action, a LINE postback) goes through the console's acknowledge path, which stamps the alert; the webhook's other events change nothing",
    routes: ['POST /api/push/acknowledge', 'POST /api/line/webhook/'],
  },
  {
    reason:
      "the session and the caller's own account: sign-ins and password changes are audited, they are not records",
    routes: ['POST /api/login', 'POST /api/logout', 'PUT /api/personal', 'POST /api/personal/head'],
  },
  {
    reason:
      "sign-in factors and sessions (one's own authenticator, passkeys, step-up, sessions; an admin ending a staff member's sessions): credentials, not records; every change and ending is in the audit trail",
    routes: [
      'POST /api/personal/totp',
      'DELETE /api/personal/totp',
      'POST /api/personal/passkey',
      'DELETE /api/personal/passkey/',
      'POST /api/personal/step-up',
      'DELETE /api/personal/session',
      'DELETE /api/staff/session/',
    ],
  },
  {
    reason:
      'FHIR is read-only: its writes are refused with an OperationOutcome, and a bulk export (files of what was read, kept for a day) is cancelled or dropped by the one who asked for it',
    routes: ['DELETE /api/fhir/R4/', 'PATCH /api/fhir/R4/', 'PUT /api/fhir/R4/', 'POST /api/fhir/R4/'],
  },
  {
    reason: 'uploads store a file only; the record that names the file keeps the history when it is saved',
    routes: ['POST /api/file/'],
  },
  {
    reason:
      'staff and members keep their own change logs (SPEC /change/staff and /change/user: staff_change_logs, member_change_logs)',
    routes: [
      'POST /api/staff',
      'PUT /api/staff/',
      'PATCH /api/staff/',
      'POST /api/user ',
      'POST /api/user-system/user',
      'PUT /api/user-system/user/',
      'PATCH /api/user-system/user/',
      'DELETE /api/user-system/user/',
      'PUT /api/user/:id',
      'PATCH /api/user/:id',
      'PATCH /api/user/enable/',
      'PATCH /api/user/follow/',
      'PATCH /api/user/state/',
      'DELETE /api/user/:id',
    ],
  },
  {
    reason:
      'organisation set-up and settings (areas, organisations, relations, roles, API groups, sidebars, features, standards, device settings): no care record; the audit log keeps who changed them',
    routes: [
      'POST /api/area',
      'PUT /api/area/',
      'PATCH /api/area/',
      'DELETE /api/area/',
      'POST /api/org',
      'PUT /api/org/',
      'PATCH /api/org/',
      'DELETE /api/org/',
      'PUT /api/role/',
      'PATCH /api/role/',
      'POST /api/temp/role',
      'DELETE /api/temp/role/',
      'POST /api/api/group',
      'PUT /api/api/group/',
      'PATCH /api/api/group/',
      'DELETE /api/api/group/',
      'PUT /api/sidebar/role/',
      'PUT /api/feature/',
      'PUT /api/user/standard/',
      'PUT /api/device/sleep/setting/',
      'PUT /api/device/space/setting/',
      'PUT /api/user/safe-zone/',
    ],
  },
  {
    reason:
      'device binding: which device a member wears, kept as bound/unbound times on the binding itself; the audit log keeps who changed it',
    routes: [
      'POST /api/device/bind',
      'PUT /api/device/bind/',
      'PATCH /api/device/bind/',
      'DELETE /api/device/bind/',
      'DELETE /api/user-system/device/bind/',
    ],
  },
  {
    reason:
      'device data: readings arrive from devices, and a reading corrected or removed is audited, not a record kind with history (docs/resources.md)',
    routes: ['POST /api/ingest/readings', 'PATCH /api/physiologic/', 'DELETE /api/physiologic/'],
  },
  {
    reason:
      'alerts keep their own timeline: each acknowledgement, snooze, handle and follow-up is a row of abnormal_handles or the event itself',
    routes: [
      'POST /api/abnormal/',
      'DELETE /api/abnormal/snooze/',
      'POST /api/handle/abnormal',
      'PATCH /api/abnormal/follow/',
    ],
  },
  {
    reason:
      'medicine deliveries and handovers keep their own timelines (delivery_order_history, handover_actions)',
    routes: [
      'POST /api/delivery/medicine',
      'PUT /api/delivery/medicine/',
      'PATCH /api/delivery/medicine/',
      'POST /api/handover',
      'PATCH /api/handover/',
    ],
  },
  {
    reason:
      'a handle is itself the entry of what was done (care_handles, and the balance ledger for controlled medicines); a schedule occurrence, an ECG reading and a dose are no record kind with history',
    routes: [
      'POST /api/handle/schedule',
      'POST /api/handle/ecg',
      'POST /api/handle/package-medicine',
      'PATCH /api/handle/package-medicine/',
      'POST /api/care/package/stock/',
    ],
  },
];
const allowed = (key: string) =>
  noHistory.some((entry) => entry.routes.some((prefix) => `${key} `.startsWith(prefix)));

const { routes } = useRouteCatalogue(useTestApp());

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function writeRoutes(): { key: string; history: readonly string[] }[] {
  return routes.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) =>
      WRITES.has(m),
    );
    const named = route.config?.history;
    const history = named === undefined ? [] : typeof named === 'string' ? [named] : named;
    return methods.map((method) => ({ key: `${method} ${route.url}`, history }));
  });
}

describe('record history over the route catalogue', () => {
  it('every write route keeps the history of what it writes, or is allowed none with a reason', () => {
    const writes = writeRoutes();
    expect(writes.length).toBeGreaterThan(50);
    const unaccounted = writes.filter((w) => w.history.length === 0 && !allowed(w.key)).map((w) => w.key);
    expect(unaccounted).toEqual([]);
  });

  it('names only record kinds that keep a history, and allows none that does', () => {
    const keeping = new Set<string>([
      ...resourceDefinitions()
        .filter((d) => d.keepsHistory)
        .map((d) => d.resource.path),
      // Settings kept by a service that writes its own before/after (modules/alerts/routing/service.ts).
      '/abnormal/routing',
    ]);
    const writes = writeRoutes();
    expect(
      writes.flatMap((w) =>
        w.history.filter((path) => !keeping.has(path)).map((path) => `${w.key} -> ${path}`),
      ),
    ).toEqual([]);
    expect(writes.filter((w) => w.history.length > 0 && allowed(w.key)).map((w) => w.key)).toEqual([]);
  });

  it('allows no route that is not there', () => {
    const present = writeRoutes().map((w) => `${w.key} `);
    const stale = noHistory.flatMap((entry) =>
      entry.routes.filter((prefix) => !present.some((key) => key.startsWith(prefix))),
    );
    expect(stale).toEqual([]);
  });
});
