export * from './constants.ts';
export * from './occurrences.ts';
export * from './administration.ts';
