import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DeviceType,
  Resource,
  Role,
  areaRow,
  deviceRealTimeRow,
  handleRecordRow,
  sleepHistoryRow,
} from '@vigil/contracts';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import DeviceRealTimePage from './DeviceRealTimePage.tsx';
import HandleRecordPage from './HandleRecordPage.tsx';
import SleepHistoryPage from './SleepHistoryPage.tsx';

const get = (route: string) => ({ route, method: 'GET' as const });
const t0 = 1_767_225_600;
const area = (id: number, name: string) => ({
  id,
  org_id: 2,
  org_name: 'Harbour Hotel',
  name,
  remark: null,
  enable: true,
  created_at: t0,
  updated_at: t0,
});

/** The cells of the row holding `text`, from the first column on. */
async function rowOf(text: string): Promise<string[]> {
  const cell = await screen.findByRole('cell', { name: text });
  return within(cell.closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('live device state page', () => {
  const watch = {
    id: 31,
    org_id: 5,
    device_id: 90,
    device_type: DeviceType.chylyngWatch,
    serial: 'CH-0001',
    device_name: null,
    member_id: 12,
    member_name: 'Wang Da-ming',
    area_id: 7,
    area_name: 'North gate',
    online: true,
    last_seen_at: t0,
    battery: 18.4,
    worn: false,
    lat: 25.0339,
    lng: 121.5645,
    position_time: t0,
    safe_zone: { lat: 25.033, lng: 121.565, radius: 300 },
    in_zone: false,
  };
  const silent = {
    ...watch,
    id: 32,
    device_id: 91,
    serial: 'CH-0002',
    member_id: 13,
    member_name: 'Lin Mei',
    online: false,
    battery: null,
    worn: null,
    lat: null,
    lng: null,
    position_time: null,
    safe_zone: null,
    in_zone: null,
  };

  it('shows each worn device’s state with units, and filters by area and keyword', async () => {
    signInAs({ router: Role.guardAdmin, api: [get(Resource.deviceBindRealTime), get(Resource.area)] });
    const server = mockApi();
    server.list(Resource.deviceBindRealTime, deviceRealTimeRow, [watch, silent]);
    server.list(Resource.area, areaRow, [area(7, 'North gate'), area(8, 'South gate')]);
    renderWithProviders(<DeviceRealTimePage />);

    const cells = await rowOf('Wang Da-ming');
    expect(cells).toEqual(
      expect.arrayContaining([
        '4G location watch · CH-0001',
        'Online',
        '18 %',
        'Not worn',
        '25.03390, 121.56450',
        'Outside (300 m)',
      ]),
    );
    // A watch that never reported shows dashes, offline, and no zone.
    expect(await rowOf('Lin Mei')).toEqual(expect.arrayContaining(['Offline', '-', 'None set']));
    expect(server.callsTo('GET', Resource.deviceBindRealTime)[0].query).toMatchObject({
      order_by: 'member_name',
    });

    const search = within(screen.getByRole('search'));
    await userEvent.click(search.getByRole('combobox', { name: 'Area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'South gate' }));
    await waitFor(() =>
      expect(server.callsTo('GET', Resource.deviceBindRealTime).at(-1)?.query).toMatchObject({
        area_id: '8',
        page: '1',
      }),
    );
    await userEvent.type(search.getByRole('textbox'), 'CH-0002');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.callsTo('GET', Resource.deviceBindRealTime).at(-1)?.query).toMatchObject({
        area_id: '8',
        keyword: 'CH-0002',
      }),
    );
  });
});

describe('sleep perception history page', () => {
  const report = {
    id: 501,
    org_id: 2,
    device_id: 40,
    serial: 'SL-0007',
    device_name: null,
    member_id: 21,
    member_name: 'Chen Yi-ting',
    area_id: 3,
    area_name: '3F',
    room: '305',
    bed: 'A',
    status: 1,
    minutes: 95,
    heart_rate: 62,
    breath_rate: 14,
    occur_time: t0,
    created_at: t0,
    updated_at: t0,
  };
  const away = {
    ...report,
    id: 502,
    member_name: 'Ho Wen',
    room: '306',
    bed: null,
    status: 0,
    minutes: 1,
    heart_rate: null,
    breath_rate: null,
  };

  it('shows each bed report with its room, status and rates with units, newest first, and filters by bed status', async () => {
    signInAs({ router: Role.hotelAdmin, api: [get(Resource.deviceSleepHistory), get(Resource.area)] });
    const server = mockApi();
    server.list(Resource.deviceSleepHistory, sleepHistoryRow, [report, away]);
    server.list(Resource.area, areaRow, [area(3, '3F')]);
    renderWithProviders(<SleepHistoryPage />);

    expect(await rowOf('Chen Yi-ting')).toEqual(
      expect.arrayContaining(['305 · A', 'In bed', '95 minutes', '62 bpm', '14 /min', 'SL-0007']),
    );
    expect(await rowOf('Ho Wen')).toEqual(expect.arrayContaining(['306', 'Out of bed', '1 minute', '-']));
    expect(server.callsTo('GET', Resource.deviceSleepHistory)[0].query).toMatchObject({
      order: 'desc',
      order_by: 'occur_time',
    });

    const search = within(screen.getByRole('search'));
    await userEvent.click(search.getByRole('combobox', { name: 'Bed status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Out of bed' }));
    await waitFor(() =>
      expect(server.callsTo('GET', Resource.deviceSleepHistory).at(-1)?.query).toMatchObject({
        state: '0',
        page: '1',
      }),
    );
    await userEvent.type(search.getByRole('textbox'), '306');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.callsTo('GET', Resource.deviceSleepHistory).at(-1)?.query).toMatchObject({
        state: '0',
        keyword: '306',
      }),
    );
  });
});

describe('handling records page', () => {
  const record = {
    id: 9,
    abnormal_id: 77,
    type: 8,
    occur_time: t0 - 600,
    org_id: 2,
    member_id: null,
    member_name: null,
    area_id: 3,
    area_name: '3F',
    content: 'Opened the window and checked the air box',
    remark: null,
    staff_name: 'Grace Lin',
    handle_time: t0,
    created_at: t0,
    updated_at: t0,
  };

  it('lists each handling with the alert it answered and who handled it, and filters by area', async () => {
    signInAs({ router: Role.hotelAdmin, api: [get(Resource.handleAbnormal), get(Resource.area)] });
    const server = mockApi();
    server.list(Resource.handleAbnormal, handleRecordRow, [record]);
    server.list(Resource.area, areaRow, [area(3, '3F'), area(4, '4F')]);
    renderWithProviders(<HandleRecordPage />);

    const cells = await rowOf('Opened the window and checked the air box');
    expect(cells).toEqual(expect.arrayContaining(['3F', 'Grace Lin', '-']));
    expect(cells.join(' ')).toMatch(/temperature high/i);
    expect(server.callsTo('GET', Resource.handleAbnormal)[0].query).toMatchObject({
      order: 'desc',
      order_by: 'handle_time',
    });

    const search = within(screen.getByRole('search'));
    await userEvent.click(search.getByRole('combobox', { name: 'Area' }));
    await userEvent.click(await screen.findByRole('option', { name: '4F' }));
    await waitFor(() =>
      expect(server.callsTo('GET', Resource.handleAbnormal).at(-1)?.query).toMatchObject({
        area_id: '4',
        page: '1',
      }),
    );
  });
});
