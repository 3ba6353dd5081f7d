import { labelKeys } from './label-key.ts';

/** SPEC §2/§3: sidebar menu item type: 0 an expandable group (folder), 1 a link (page). */
export const MenuType = { folder: 0, page: 1 } as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];
export const menuTypeLabelKey = labelKeys('menuType', MenuType);

/** SPEC §3: how a reading page shows its records. */
export const DisplayMode = { table: 'table', chart: 'chart' } as const;
export type DisplayMode = (typeof DisplayMode)[keyof typeof DisplayMode];
export const displayModeLabelKey = labelKeys('displayMode', DisplayMode);

/** SPEC §3: date-range quick choices. */
export const RangeChoice = { day: 'day', week: 'week', month: 'month', manual: 'manual' } as const;
export type RangeChoice = (typeof RangeChoice)[keyof typeof RangeChoice];
export const rangeChoiceLabelKey = labelKeys('rangeChoice', RangeChoice);

/** SPEC §3: what a form dialog does. */
export const FormAction = { create: 'create', update: 'update', delete: 'delete', detail: 'detail' } as const;
export type FormAction = (typeof FormAction)[keyof typeof FormAction];
export const formActionLabelKey = labelKeys('formAction', FormAction);

/** SPEC §4: tabs of the wearable device page; the first is the default. */
export const WearableTab = {
  heartRate: 'heart_rate',
  bodyTemperature: 'body_temperature',
  bloodOxygen: 'blood_oxygen',
  bloodPressure: 'blood_pressure',
  sleep: 'sleep',
} as const;
export type WearableTab = (typeof WearableTab)[keyof typeof WearableTab];
export const wearableTabLabelKey = labelKeys('wearableTab', WearableTab);
export const DEFAULT_WEARABLE_TAB: WearableTab = WearableTab.heartRate;
