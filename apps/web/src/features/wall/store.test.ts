import { describe, expect, it, vi } from 'vitest';
import { AbnormalType } from '@vigil/contracts';
import { T, alert, reading, wallMember } from './fixtures.ts';
import { WallStore } from './store.ts';

/** A store whose frames the test runs by hand. */
function manualStore() {
  const frames: Array<() => void> = [];
  const store = new WallStore((flush) => frames.push(flush));
  const frame = () => frames.splice(0).forEach((f) => f());
  return { store, frame, frames };
}

describe('wall store', () => {
  it('orders members with open alerts first, the most recently raised first, then as the server listed them', () => {
    const { store, frame } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann'), wallMember(2, 'Bo'), wallMember(3, 'Cy', { alerts: [{ id: 9, type: 1, occur_time: T - 600 }] })] });
    expect(store.getView().order).toEqual([3, 1, 2]);
    store.pushAlert(alert(10, 2, AbnormalType.fall, T), false);
    frame();
    expect(store.getView()).toEqual({ order: [2, 3, 1], openAlerts: 2 });
    // Handled: Bo goes back to its place.
    store.pushAlert(alert(10, 2, AbnormalType.fall, T, true), true);
    frame();
    expect(store.getView()).toEqual({ order: [3, 1, 2], openAlerts: 1 });
  });

  it('applies a frame’s packets together and tells only the tiles that changed', () => {
    const { store, frame, frames } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann'), wallMember(2, 'Bo')] });
    const ann = vi.fn();
    const bo = vi.fn();
    store.subscribeTile(1, ann);
    store.subscribeTile(2, bo);
    for (let v = 71; v <= 80; v++) store.pushReading(reading(1, { kind: 'heartRate', value: v }, T + v));
    expect(frames).toHaveLength(1);
    expect(store.get(1)!.heart_rate!.value).toBe(70);
    frame();
    expect(store.get(1)!.heart_rate).toEqual({ value: 80, time: T + 80 });
    expect(ann).toHaveBeenCalledTimes(1);
    expect(bo).not.toHaveBeenCalled();
  });

  it('keeps the newer value when a late packet arrives, and follows battery, wearing, bed and blood pressure', () => {
    const { store, frame } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann')] });
    store.pushReading(reading(1, { kind: 'heartRate', value: 50 }, T - 60));
    store.pushReading(reading(1, { kind: 'bloodPressure', sys: 130, dia: 85 }));
    store.pushReading(reading(1, { kind: 'battery', level: 12 }));
    store.pushReading(reading(1, { kind: 'wearing', worn: false }));
    store.pushReading({ ...reading(1, { kind: 'bed', status: 0, minutes: 5 }), room: 'sleep', device: { id: 500, type: 0, name: null } });
    frame();
    const ann = store.get(1)!;
    expect(ann.heart_rate).toEqual({ value: 70, time: T });
    expect(ann.blood_pressure).toEqual({ sys: 130, dia: 85, time: T + 60 });
    expect(ann.device).toMatchObject({ battery: 12, worn: false, online: true });
    expect(ann.bed_state).toEqual({ in_bed: false, time: T + 60, source: 'sleep' });
  });

  it('never rewinds a tile when the snapshot is read again: newer live values and queued packets stay', () => {
    const { store, frame } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann')] });
    store.pushReading(reading(1, { kind: 'heartRate', value: 137 }, T + 30));
    frame();
    store.pushReading(reading(1, { kind: 'bloodPressure', sys: 140, dia: 90 }, T + 40));
    // A snapshot read before those readings answers after them.
    store.load({ server_time: T + 20, members: [wallMember(1, 'Ann', { blood_oxygen: { value: 95, time: T + 20 } })] });
    frame();
    const ann = store.get(1)!;
    expect(ann.heart_rate).toEqual({ value: 137, time: T + 30 });
    expect(ann.blood_pressure).toEqual({ sys: 140, dia: 90, time: T + 40 });
    expect(ann.blood_oxygen).toEqual({ value: 95, time: T + 20 });
  });

  it('marks the device offline when the server raises "device offline" for it', () => {
    const { store, frame } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann')] });
    store.pushAlert(alert(11, 1, AbnormalType.deviceOffline), false);
    frame();
    expect(store.get(1)!.device!.online).toBe(false);
  });

  it('ignores packets for members not on the wall', () => {
    const { store, frames } = manualStore();
    store.load({ server_time: T, members: [wallMember(1, 'Ann')] });
    store.pushReading(reading(99, { kind: 'heartRate', value: 90 }));
    store.pushReading({ ...reading(1, { kind: 'space', presence: true }), member: null });
    expect(frames).toHaveLength(0);
  });
});
