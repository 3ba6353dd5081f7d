export * from './common.ts';
export * from './org.ts';
export * from './staff.ts';
export * from './role.ts';
export * from './feature.ts';
export * from './member.ts';
export * from './device.ts';
export * from './change-log.ts';
