export * from './organisation.ts';
export * from './member.ts';
export * from './device.ts';
export * from './readings.ts';
export * from './abnormal.ts';
export * from './history.ts';
export * from './delivery.ts';
export * from './care.ts';
