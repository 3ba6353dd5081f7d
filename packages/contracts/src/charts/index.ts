/**
 * SPEC §9 chart rules as pure functions, shared by the server's chart endpoint (which prepares and
 * decimates a long range before sending it) and the web chart kit (which applies them to the
 * ranges it fetches whole). Zod-free, so a chart bundle stays small (`@vigil/contracts/charts`).
 */
export * from './series.ts';
export * from './decimate.ts';
export * from './summary.ts';
