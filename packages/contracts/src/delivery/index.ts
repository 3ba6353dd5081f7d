export * from './machine.ts';
