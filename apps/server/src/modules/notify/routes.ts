import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  adminRoles,
  dataEnvelope,
  idParam,
  notifyPolicy,
  notifyPreferencesDetail,
  notifyPreferencesUpdate,
  notifyReceipt,
  notifySettingsUpdate,
  notifySettingsView,
  notifyTestMailRequest,
  notifyTestMailResult,
  operatorRoles,
} from '@vigil/contracts';
import type { Principal } from '../../auth/principal.ts';
import { notifyOrgPolicies } from '../../db/schema/index.ts';
import { forbidden, invalid } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { Mailer } from '../../notify/mailer.ts';
import { timeoutsOf } from '../../notify/policy.ts';
import { translate } from '../../notify/templates.ts';
import { findAbnormal } from '../alerts/abnormal/service.ts';
import { listReceipts, loadPreferences, savePreferences } from './service.ts';
import { smtpServerOf, smtpUrlOf } from './smtp-server.ts';

const tags = ['notify'];
const config = { access: 'session' as const };
/** Short timeouts for checks the page waits on (a test mail, a new SMTP server). */
const checkTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

const operatorOnly = (p: Principal) => {
  if (!operatorRoles.has(p.role)) throw forbidden();
};
const orgAdminOnly = (p: Principal) => {
  if (!adminRoles.has(p.role) || operatorRoles.has(p.role)) throw forbidden();
};

/**
 * Notifications (docs/notifications.md): a person's own preferences, an organisation's escalation
 * timing (its admins), the channels' settings (the operator), and an alert's receipts.
 */
export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const live = async () => {
    await app.notify.settings.load();
    return app.notify.settings.configuredChannels().filter((c) => app.notify.channels.get(c));
  };
  /**
   * The channels live for a person: what each registered channel says for their organisation (LINE
   * is live once the organisation connected its own channel, whatever the server-wide setting).
   */
  const liveFor = async (orgId: number) => {
    await app.notify.settings.load();
    await app.notify.channels.refreshLive([orgId]);
    return app.notify.channels.liveFor(orgId);
  };
  // The page edits the SMTP server in parts; the core keeps it as one URL.
  const settingsView = async () => {
    const detail = app.notify.settings.detail(await live());
    return { ...detail, smtp_server: smtpServerOf(app.notify.settings.smtp()?.url) };
  };

  r.get(
    '/personal/notify',
    { config, schema: { tags, summary: 'Own notification preferences and the channels live now', response: { 200: dataEnvelope(notifyPreferencesDetail), ...errorResponses } } },
    async (request) => ({ data: await loadPreferences(db, request.principal.staffId, await liveFor(request.principal.orgId)) }),
  );

  r.put(
    '/personal/notify',
    {
      config,
      schema: { tags, summary: 'Set which priorities each channel carries, quiet hours, language', body: notifyPreferencesUpdate, response: { 200: dataEnvelope(notifyPreferencesDetail), ...errorResponses } },
    },
    async (request) => {
      await savePreferences(db, request.principal.staffId, request.body);
      return { data: await loadPreferences(db, request.principal.staffId, await liveFor(request.principal.orgId)) };
    },
  );

  r.get(
    '/notify/policy',
    { config: { permission: 'GET /notify/policy' }, schema: { tags, summary: 'Own organisation’s acknowledgement timeout per priority, in minutes (its admins)', response: { 200: dataEnvelope(notifyPolicy), ...errorResponses } } },
    async (request) => {
      orgAdminOnly(request.principal);
      const [row] = await db.select().from(notifyOrgPolicies).where(eq(notifyOrgPolicies.orgId, request.principal.orgId));
      return { data: timeoutsOf(row?.timeouts) };
    },
  );

  r.put(
    '/notify/policy',
    { config: { permission: 'PUT /notify/policy' }, schema: { tags, summary: 'Set the acknowledgement timeouts; alerts raised from now on follow them', body: notifyPolicy, response: { 200: dataEnvelope(notifyPolicy), ...errorResponses } } },
    async (request) => {
      orgAdminOnly(request.principal);
      const timeouts = request.body;
      await db
        .insert(notifyOrgPolicies)
        .values({ orgId: request.principal.orgId, timeouts })
        .onConflictDoUpdate({ target: notifyOrgPolicies.orgId, set: { timeouts, updatedAt: new Date() } });
      return { data: timeouts };
    },
  );

  r.get(
    '/notify/settings',
    { config: { permission: 'GET /notify/settings' }, schema: { tags, summary: 'Channel settings (the operator); secrets are never shown', response: { 200: dataEnvelope(notifySettingsView), ...errorResponses } } },
    async (request) => {
      operatorOnly(request.principal);
      await app.notify.settings.load(true);
      return { data: await settingsView() };
    },
  );

  r.put(
    '/notify/settings',
    {
      config: { permission: 'PUT /notify/settings' },
      schema: {
        tags,
        summary: 'Set channel settings; an environment variable still wins. An SMTP server given in parts is checked (connection, sign-in) first: a refusal is -5 with its answer',
        body: notifySettingsUpdate,
        response: { 200: dataEnvelope(notifySettingsView), ...errorResponses },
      },
    },
    async (request) => {
      operatorOnly(request.principal);
      const { smtp_server: server, ...change } = request.body;
      if (server !== undefined) {
        await app.notify.settings.load(true);
        // Only the page's own stored URL lends its password; an environment variable's never does.
        const current = app.notify.settings.detail([]).smtp.source === 'page' ? app.notify.settings.smtp()?.url : undefined;
        change.smtp_url = server ? smtpUrlOf(server, current) : '';
        if (server) {
          const from = change.smtp_from ?? app.notify.settings.smtp()?.from ?? 'Vigil <vigil@localhost>';
          const mailer = new Mailer({ url: change.smtp_url, from }, checkTimeouts);
          try {
            const answer = await mailer.verify();
            if (!answer.ok) throw invalid([{ field: 'smtp_server.host', message: `The SMTP server refused: ${answer.message}` }], `The SMTP server refused: ${answer.message}`);
          } finally {
            mailer.close();
          }
        }
      }
      await app.notify.settings.update(change, request.principal.staffId);
      app.notify.channels.forget();
      return { data: await settingsView() };
    },
  );

  r.post(
    '/notify/settings/test-mail',
    {
      config: { permission: 'POST /notify/settings/test-mail' },
      schema: { tags, summary: 'Send one test mail now and report the SMTP server’s answer', body: notifyTestMailRequest, response: { 200: dataEnvelope(notifyTestMailResult), ...errorResponses } },
    },
    async (request) => {
      operatorOnly(request.principal);
      await app.notify.settings.load(true);
      const smtp = app.notify.settings.smtp();
      if (!smtp) return { data: { ok: false, message: 'SMTP is not configured' } };
      // A transport of its own with short timeouts: the page waits for the answer.
      const mailer = new Mailer(smtp, checkTimeouts);
      try {
        const outcome = await mailer.send({ to: request.body.to, subject: translate('en', 'notify.mail.testSubject'), text: translate('en', 'notify.mail.testBody') });
        return { data: outcome.status === 'failed' ? { ok: false, message: outcome.reason } : { ok: true, message: outcome.providerId ?? 'sent' } };
      } finally {
        mailer.close();
      }
    },
  );

  r.get(
    '/notify/receipts/:id',
    { config, schema: { tags, summary: 'Every notification of one alert: channel, person, tier, status', params: idParam, response: { 200: dataEnvelope(z.array(notifyReceipt)), ...errorResponses } } },
    async (request) => {
      // The alert must be in the caller's scope, exactly as its detail is (-7 otherwise).
      await findAbnormal(db, request.principal, request.params.id);
      return { data: await listReceipts(db, request.params.id) };
    },
  );
}
