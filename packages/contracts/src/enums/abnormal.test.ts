import { describe, expect, it } from 'vitest';
import {
  AbnormalCategory,
  AbnormalType,
  AlertPriority,
  abnormalTypeMeta,
  abnormalTypePriority,
  alertPriorityRank,
  abnormalTypes,
  abnormalTypesOfCategory,
  criticalAbnormalTypes,
  standardCrossingType,
} from './abnormal.ts';
import { StandardKind } from './physiological.ts';

const categories = Object.values(AbnormalCategory) as number[];

describe('abnormal types', () => {
  it('are the contiguous codes 0–102', () => {
    expect(abnormalTypes).toEqual(Array.from({ length: 103 }, (_, i) => i));
  });

  it('each has a valid category and, where it compares against one, a valid standard kind', () => {
    expect(categories).toEqual([0, 1, 2, 3, 4]);
    for (const type of abnormalTypes) {
      const meta = abnormalTypeMeta[type];
      expect(categories, String(type)).toContain(meta.category);
      if (meta.standardKind !== null) expect(Object.values(StandardKind)).toContain(meta.standardKind);
    }
  });

  it('follow SPEC order at the fixed points: air quality 14–43, IoT watch types 89–102', () => {
    const names = Object.keys(AbnormalType);
    expect(names.slice(14, 44).every((name) => name.startsWith('air'))).toBe(true);
    expect(names.slice(0, 14).some((name) => name.startsWith('air'))).toBe(false);
    expect(names[44].startsWith('air')).toBe(false);
    expect(names.slice(89).every((name) => name.startsWith('iot'))).toBe(true);
    expect(names.slice(0, 89).some((name) => name.startsWith('iot'))).toBe(false);
  });

  it('flags SOS, falls, no breathing and no heartbeat as critical, and nothing else', () => {
    expect(criticalAbnormalTypes).toEqual([
      AbnormalType.noHeartbeatInBed,
      AbnormalType.noBreathing,
      AbnormalType.fall,
      AbnormalType.sos,
      AbnormalType.wearableFall,
      AbnormalType.iotSos,
      AbnormalType.iotFall,
    ]);
    for (const type of abnormalTypesOfCategory(AbnormalCategory.fall))
      expect(abnormalTypeMeta[type].critical).toBe(true);
    expect(abnormalTypeMeta[AbnormalType.sos].category).toBe(AbnormalCategory.sos);
  });

  it('puts offline and low battery under device issue and unmeasured signals under category 4', () => {
    for (const type of [AbnormalType.deviceOffline, AbnormalType.watchLowBattery, AbnormalType.iotOffline]) {
      expect(abnormalTypeMeta[type].category).toBe(AbnormalCategory.deviceIssue);
    }
    for (const type of [
      AbnormalType.tooFewMeasurements,
      AbnormalType.watchNotWorn,
      AbnormalType.patchNotWorn,
    ]) {
      expect(abnormalTypeMeta[type].category).toBe(AbnormalCategory.signalNotMeasured);
    }
  });

  it('maps every standard kind to crossing types that compare against that kind', () => {
    for (const kind of Object.values(StandardKind)) {
      const { low, high, overMax } = standardCrossingType[kind];
      for (const type of [low, high, overMax]) {
        if (type === undefined || type === null) continue;
        expect(abnormalTypeMeta[type].standardKind, `${kind} -> ${type}`).toBe(kind);
      }
    }
    expect(standardCrossingType[StandardKind.bodyTemperature].overMax).toBe(
      AbnormalType.bodyTemperatureOverMax,
    );
  });
});

describe('alert priorities (IEC 60601-1-8)', () => {
  it('gives every type a priority, high for every critical type', () => {
    for (const type of abnormalTypes) expect(Object.values(AlertPriority)).toContain(abnormalTypePriority(type));
    for (const type of criticalAbnormalTypes) expect(abnormalTypePriority(type)).toBe(AlertPriority.high);
  });

  it('keeps a low watch battery apart from a dangerous heart rate', () => {
    expect(abnormalTypePriority(AbnormalType.watchLowBattery)).toBe(AlertPriority.low);
    expect(abnormalTypePriority(AbnormalType.deviceOffline)).toBe(AlertPriority.low);
    expect(abnormalTypePriority(AbnormalType.instantHeartRateHigh)).toBe(AlertPriority.medium);
    expect(abnormalTypePriority(AbnormalType.bodyTemperatureOverMax)).toBe(AlertPriority.high);
    expect(abnormalTypePriority(AbnormalType.airCoHazardous)).toBe(AlertPriority.high);
    expect(abnormalTypePriority(AbnormalType.airCoModerate)).toBe(AlertPriority.low);
    expect(abnormalTypePriority(AbnormalType.notInBed)).toBe(AlertPriority.medium);
  });

  it('ranks high above medium above low', () => {
    expect(alertPriorityRank.high).toBeGreaterThan(alertPriorityRank.medium);
    expect(alertPriorityRank.medium).toBeGreaterThan(alertPriorityRank.low);
  });
});
