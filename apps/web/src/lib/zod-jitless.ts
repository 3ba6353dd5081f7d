import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when the page allows eval, and finds out by
 * trying it. The console's CSP allows no eval (docs/security.md), so that probe is refused and
 * reported as a CSP violation on every page. Jitless parsing never probes; for the few hundred
 * rows a page parses it is as fast. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
