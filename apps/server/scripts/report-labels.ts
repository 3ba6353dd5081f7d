/**
 * Copies the texts a server-made report prints from the console's locale files into
 * src/reports/member/labels.json: the report's own strings (`report.*`), the page names of the
 * record kinds (`menu.*`) and the enumerations it names. The server never imports the web app, yet
 * a PDF must use the very terms the pages use (GLOSSARY.md); reports/member/labels.test.ts fails
 * when the copy falls behind. Re-run after editing those keys:
 *
 *   npx tsx apps/server/scripts/report-labels.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportLabelSubset } from '../src/reports/member/label-keys.ts';

const target = fileURLToPath(new URL('../src/reports/member/labels.json', import.meta.url));
writeFileSync(target, JSON.stringify(reportLabelSubset(), null, 2) + '\n');
console.log(`wrote ${target}`);
