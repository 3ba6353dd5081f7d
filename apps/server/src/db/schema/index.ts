export * from './organisation.ts';
export * from './member.ts';
export * from './device.ts';
