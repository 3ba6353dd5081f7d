import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { AbnormalType, RealtimeEvent, Resource, Role, type RealtimeAbnormal, type RealtimeDeviceData, type WallSnapshot } from '@vigil/contracts';
import { mockApi, ok } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { realtime } from '../realtime/index.ts';
import { T, alert, reading, wallMember } from './fixtures.ts';
import WallPage from './WallPage.tsx';

/** Plays the server: delivers a packet to the client's listeners as the socket would. */
function push(event: string, payload: RealtimeDeviceData | RealtimeAbnormal) {
  const listeners = (realtime as unknown as { listeners: Map<string, Set<(p: unknown) => void>> }).listeners.get(event);
  for (const l of listeners ?? []) l(payload);
}

const snapshot = (): WallSnapshot => ({
  server_time: T + 120,
  members: [
    wallMember(1, 'Ann Lin', {
      blood_oxygen: { value: 97, time: T },
      body_temperature: { value: 36.64, time: T },
      blood_pressure: { sys: 121, dia: 79, time: T },
      bed_state: { in_bed: true, time: T, source: 'sleep' },
    }),
    wallMember(2, 'Bo Wu', { alerts: [{ id: 5, type: AbnormalType.fall, occur_time: T + 60 }] }),
  ],
});

const tiles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

function open(role: Role = Role.orgStaff) {
  signInAs({ router: role, api: [{ route: Resource.wall, method: 'GET' }] });
  const server = mockApi().on('GET', Resource.wall, ok(snapshot()));
  renderWithProviders(<WallPage />);
  return server;
}

describe('live wall', () => {
  it('shows every member as a tile, open alerts first, with units, ages and device state', async () => {
    open();
    await waitFor(() => expect(tiles()).toEqual(['Bo Wu', 'Ann Lin']));
    const ann = within(screen.getByRole('article', { name: 'Ann Lin' }));
    expect(ann.getByText('70 bpm')).toBeTruthy();
    expect(ann.getByText('97 %')).toBeTruthy();
    expect(ann.getByText('36.6 °C')).toBeTruthy();
    expect(ann.getByText('121/79 mmHg')).toBeTruthy();
    expect(ann.getByText('Online')).toBeTruthy();
    expect(ann.getByText('Battery 90 %')).toBeTruthy();
    expect(ann.getByText('In bed')).toBeTruthy();
    // Ages count from the server's clock: the readings are two minutes older than the snapshot.
    expect(ann.getAllByText('2 min ago').length).toBeGreaterThan(0);
    const bo = within(screen.getByRole('article', { name: 'Bo Wu' }));
    expect(bo.getByText('Fall')).toBeTruthy();
    expect(bo.getByText('1 min ago')).toBeTruthy();
    // The care home's word for its members.
    expect(screen.getByText('Residents: 2 · Open alerts: 1')).toBeTruthy();
  });

  it('updates a tile from the socket, and moves a member with a new alert of the highest priority to the front, without asking the server again', async () => {
    const server = open();
    await waitFor(() => expect(tiles()).toEqual(['Bo Wu', 'Ann Lin']));
    push(RealtimeEvent.watchRealTime, reading(1, { kind: 'heartRate', value: 128 }, T + 110));
    const ann = within(screen.getByRole('article', { name: 'Ann Lin' }));
    await waitFor(() => expect(ann.getByText('128 bpm')).toBeTruthy());
    expect(ann.queryByText('70 bpm')).toBeNull();

    // A newer medium-priority alert does not pass Bo's fall, a high-priority one.
    push(RealtimeEvent.abnormal, alert(6, 1, AbnormalType.heartRateHigh, T + 115));
    await waitFor(() => expect(screen.getByText('Residents: 2 · Open alerts: 2')).toBeTruthy());
    expect(tiles()).toEqual(['Bo Wu', 'Ann Lin']);
    // A newer high-priority one does.
    push(RealtimeEvent.abnormal, alert(7, 1, AbnormalType.sos, T + 118));
    await waitFor(() => expect(tiles()).toEqual(['Ann Lin', 'Bo Wu']));
    expect(screen.getByText('Residents: 2 · Open alerts: 3')).toBeTruthy();
    expect(server.callsTo('GET', Resource.wall)).toHaveLength(1);
  });

  it('reads the snapshot again after the socket reconnects, without rewinding a tile the socket updated', async () => {
    const server = open();
    await waitFor(() => expect(tiles()).toEqual(['Bo Wu', 'Ann Lin']));
    push(RealtimeEvent.watchRealTime, reading(1, { kind: 'heartRate', value: 128 }, T + 130));
    const ann = within(screen.getByRole('article', { name: 'Ann Lin' }));
    await waitFor(() => expect(ann.getByText('128 bpm')).toBeTruthy());
    // The connection comes back: what was sent while it was away is read from the server.
    const confirmed = (realtime as unknown as { confirmedListeners: Set<(resumed: boolean) => void> }).confirmedListeners;
    for (const l of confirmed) l(true);
    await waitFor(() => expect(server.callsTo('GET', Resource.wall)).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Residents: 2 · Open alerts: 1')).toBeTruthy());
    expect(ann.getByText('128 bpm')).toBeTruthy();
  });

  it('reads in Chinese with the hospital’s word for its members', async () => {
    await i18next.changeLanguage('zh-TW');
    open(Role.hospitalDoctor);
    const ann = within(await screen.findByRole('article', { name: 'Ann Lin' }));
    expect(ann.getByText('70 次/分')).toBeTruthy();
    expect(ann.getByText('在床')).toBeTruthy();
    expect(screen.getByText('病患：2 位 · 未處理異常：1 筆')).toBeTruthy();
  });
});
