/**
 * Narrow entry (`@vigil/contracts/rules`) for code that must stay small, such as the web sign-in
 * route: SPEC §5 message keys, SPEC §9 constants and the zod-free login check. The package root
 * re-exports zod schemas, whose module-level construction a bundler cannot drop.
 */
export * from './constants.ts';
export * from './messages.ts';
export * from './login-check.ts';
