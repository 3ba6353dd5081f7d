import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  type AreaSummary,
  type DeviceSummary,
  IndexPanelPath,
  type RealtimeAbnormal,
  Resource,
  Role,
  type SleepDeviceSummary,
  areaSummary,
  deviceSummary,
  sleepDeviceSummary,
} from '@vigil/contracts';
import { ok, mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { realtime } from '../../realtime/index.ts';
import { visiblePanels } from '../panels.ts';
import { IndexPanels } from './IndexPanels.tsx';

const get = (route: string) => ({ route, method: 'GET' as const });
const user = (area_id: number | null = null) => ({
  name: 'Ada Chen',
  headshot: null,
  id: 7,
  org_id: 1,
  area_id,
});

/** Plays the server: delivers a packet to the client's listeners as the socket would. */
function push(event: string, payload: unknown) {
  const listeners = (
    realtime as unknown as { listeners: Map<string, Set<(p: unknown) => void>> }
  ).listeners.get(event);
  for (const l of listeners ?? []) l(payload);
}

const watchPacket = {
  room: 'chylyng',
  device: { id: 4, type: 9, name: null },
  member: { id: 1, name: 'Mei' },
  area: null,
  occur_time: 1_767_225_600,
  values: { battery: 8 },
};
const alert: RealtimeAbnormal = {
  id: 41,
  type: 101,
  category: 0,
  occur_time: 1_767_225_600,
  detail: null,
  is_handle: false,
  is_follow: false,
  source: {
    type: 'chylyng',
    id: 1,
    user: null,
    area: { id: 5, name: 'North gate' },
    device: { type: 9, id: 4, name: null },
  },
  handle: null,
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};

/** Serves one summary, checked against its contracts schema; returns a setter for the next answer. */
function serve<T>(
  server: ReturnType<typeof mockApi>,
  path: string,
  schema: { parse: (v: unknown) => T },
  first: T,
) {
  let current = schema.parse(first);
  server.on('GET', path, () => ok(current));
  return (next: T) => {
    current = schema.parse(next);
  };
}

describe('index panels per role', () => {
  it('shows each panel only where its page is permitted', () => {
    const panelsOf = (api: { route: string; method: 'GET' }[], area: number | null = null) => {
      signInAs({ router: Role.orgAdmin, api, user: user(area) });
      return visiblePanels(sessionStore.get());
    };
    // A care home or hospital: worn devices and areas, no sleep perception history.
    expect(panelsOf([get(Resource.deviceBindRealTime), get(Resource.area), get(Resource.abnormal)])).toEqual([
      'devices',
      'areas',
    ]);
    // A hotel: sleep sensors and areas.
    expect(panelsOf([get(Resource.deviceSleepHistory), get(Resource.area)])).toEqual([
      'sleepDevices',
      'areas',
    ]);
    // Pharmacy staff read neither (their index redirects to medication delivery anyway).
    expect(panelsOf([get(Resource.deliveryMedicine)])).toEqual([]);
    // A detail pair is not the list.
    expect(panelsOf([get(`${Resource.area}/{id}`)])).toEqual([]);
  });

  it('renders nothing and calls nothing for a role with no panel', async () => {
    signInAs({ router: Role.pharmacyStaff, api: [get(Resource.deliveryMedicine)] });
    const server = mockApi();
    const { container } = renderWithProviders(<IndexPanels />);
    expect(container.textContent).toBe('');
    expect(server.calls).toEqual([]);
  });
});

describe('security company index', () => {
  it('shows worn devices and areas with units, never asks for sleep sensors, and follows the socket', async () => {
    signInAs({
      router: Role.guardAdmin,
      api: [get(Resource.deviceBindRealTime), get(Resource.area), get(Resource.abnormal)],
    });
    const server = mockApi();
    const devices: DeviceSummary = { bound: 12, online: 10, offline: 2, low_battery: 1, not_worn: 0 };
    const nextDevices = serve(server, IndexPanelPath.devices, deviceSummary, devices);
    const areas: AreaSummary = {
      list: [{ area_id: 5, area_name: 'North gate', members: 8, open_alerts: 0, devices_online: 6 }],
    };
    const nextAreas = serve(server, IndexPanelPath.areas, areaSummary, areas);
    renderWithProviders(<IndexPanels />);

    const panel = await screen.findByTestId('index-panel-devices');
    await waitFor(() =>
      expect(within(panel).getByTestId('figure-bound').textContent).toBe('Bound12 devices'),
    );
    expect(within(panel).getByTestId('figure-online').textContent).toBe('Online10 devices');
    expect(within(panel).getByTestId('figure-low-battery').textContent).toBe('Low battery1 device');
    expect(within(panel).getByTestId('figure-not-worn').textContent).toBe('Not worn0 devices');
    const row = await screen.findByTestId('area-row');
    expect([...row.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual([
      'North gate',
      '8 people',
      '0 alerts',
      '6 devices',
    ]);
    expect(screen.queryByTestId('index-panel-sleep-devices')).toBeNull();
    expect(server.callsTo('GET', IndexPanelPath.sleepDevices)).toEqual([]);

    // An alert is raised in the area: the area panel shows it.
    nextAreas({ list: [{ ...areas.list[0], open_alerts: 1 }] });
    push('abnormal', alert);
    await waitFor(() => expect(within(screen.getByTestId('area-row')).getByText('1 alert')).toBeTruthy());

    // A watch reports low battery: the device panel asks again and shows the new count.
    nextDevices({ ...devices, low_battery: 2 });
    push('chylyngRealTime', watchPacket);
    await waitFor(() =>
      expect(within(panel).getByTestId('figure-low-battery').textContent).toBe('Low battery2 devices'),
    );
  });
});

describe('hotel index', () => {
  it('shows sleep sensors by bed status and areas without alert counts when alerts are not readable', async () => {
    signInAs({
      router: Role.hotelAreaAdmin,
      api: [get(Resource.deviceSleepHistory), get(Resource.area)],
      user: user(3),
    });
    const server = mockApi();
    const sleep: SleepDeviceSummary = { total: 6, in_bed: 3, out_of_bed: 2, no_signal: 1 };
    serve(server, IndexPanelPath.sleepDevices, sleepDeviceSummary, sleep);
    serve(server, IndexPanelPath.areas, areaSummary, {
      list: [{ area_id: 3, area_name: '3F', members: 5, open_alerts: null, devices_online: 5 }],
    });
    renderWithProviders(<IndexPanels />);

    const panel = await screen.findByTestId('index-panel-sleep-devices');
    await waitFor(() =>
      expect(within(panel).getByTestId('figure-in-bed').textContent).toBe('In bed3 sensors'),
    );
    expect(within(panel).getByTestId('figure-out-of-bed').textContent).toBe('Out of bed2 sensors');
    expect(within(panel).getByTestId('figure-no-signal').textContent).toBe('No signal1 sensor');
    const table = within(await screen.findByTestId('index-panel-areas')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Area', 'Guests', 'Devices online']);
    expect(screen.queryByTestId('index-panel-devices')).toBeNull();
    expect(server.callsTo('GET', IndexPanelPath.devices)).toEqual([]);
  });
});
