/**
 * The vitals feature's public surface: the wearable device page shows the same charts, summary
 * and sleep view, so it imports them from here and never from the feature's internals.
 */
export { vitalKinds } from './kinds/table.tsx';
export type { StandardSet } from './kinds/types.ts';
export { sourcesOf, type VitalScope } from './query.ts';
export { useMemberName, useMemberStandards, useVitalChartPoints, useVitalChartRows } from './api.ts';
export { alignedPoints, buildVitalChart, timeAxisRules } from './chart-spec.ts';
export { VitalChartPanel } from './components/VitalChartPanel.tsx';
export { ReadingSummary } from './components/ReadingSummary.tsx';
export { SleepDayPanel } from './components/SleepDayPanel.tsx';
export { pageFor } from './pages/VitalPage.tsx';
export { sleepTotalsOf as sleepTotalsOfRecord } from './kinds/table.tsx';
export { EcgWaveformDialog } from './components/EcgWaveformDialog.tsx';
export { MemberPicker } from './components/MemberPicker.tsx';
