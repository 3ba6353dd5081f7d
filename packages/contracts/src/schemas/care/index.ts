export * from './common.ts';
export * from './health.ts';
export * from './follow-up.ts';
export * from './schedule.ts';
export * from './medicine.ts';
export * from './package.ts';
