import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's import rules are lint rules (eslint.config.js). These probes lint a few lines
 * as if they were a file of the repository, so a config change that stops catching a boundary or
 * cycle breaks the suite instead of passing silently.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
});

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', () => {
  it('refuses a feature reaching into another feature past its index.ts', async () => {
    const ids = await ruleIds("export { login } from '../auth/api.ts';\n", 'apps/web/src/features/home/probe.ts');
    expect(ids).toContain('import/no-restricted-paths');
  });

  it("lets a feature use another feature's index.ts", async () => {
    const ids = await ruleIds("export * from '../vitals/index.ts';\n", 'apps/web/src/features/home/probe.ts');
    expect(ids).not.toContain('import/no-restricted-paths');
  });

  it('refuses lib or components importing a feature or the app shell', async () => {
    const fromLib = await ruleIds("export * from '../features/vitals/index.ts';\n", 'apps/web/src/lib/probe.ts');
    const fromComponents = await ruleIds("export * from '../app/routes/registry.ts';\n", 'apps/web/src/components/probe.ts');
    expect(fromLib).toContain('import/no-restricted-paths');
    expect(fromComponents).toContain('import/no-restricted-paths');
  });

  it('refuses contracts importing the server, and the server importing the web app', async () => {
    const contracts = await ruleIds("export * from '../../../apps/server/src/config.ts';\n", 'packages/contracts/src/probe.ts');
    const server = await ruleIds("export * from '../../web/src/lib/format.ts';\n", 'apps/server/src/probe.ts');
    expect(contracts).toContain('import/no-restricted-paths');
    expect(server).toContain('import/no-restricted-paths');
  });

  it.each(['realtime', 'ingest', 'rules', 'auth', 'db', 'alerts', 'jobs'])(
    'refuses the server layer %s importing an API module',
    async (layer) => {
      const ids = await ruleIds("export * from '../modules/devices/device/service.ts';\n", `apps/server/src/${layer}/probe.ts`);
      expect(ids).toContain('import/no-restricted-paths');
    },
  );

  it('lets an API module use the layers below it', async () => {
    const ids = await ruleIds("export * from '../../../alerts/raiser.ts';\n", 'apps/server/src/modules/devices/device/probe.ts');
    expect(ids).not.toContain('import/no-restricted-paths');
  });

  it('refuses the database layer importing auth', async () => {
    const ids = await ruleIds("export * from '../auth/password.ts';\n", 'apps/server/src/db/probe.ts');
    expect(ids).toContain('import/no-restricted-paths');
  });

  it('refuses the alert rules taking types from anywhere but contracts and their own folder', async () => {
    const fromIngest = await ruleIds("export type { Binding } from '../ingest/directory.ts';\n", 'apps/server/src/rules/probe.ts');
    const fromDb = await ruleIds("export type { Db } from '../db/client.ts';\n", 'apps/server/src/rules/probe.ts');
    const own = await ruleIds(
      "export type { StandardSet } from './types.ts';\nexport type { ReadingKind } from '@vigil/contracts/readings';\n",
      'apps/server/src/rules/probe.ts',
    );
    expect(fromIngest).toContain('import/no-restricted-paths');
    expect(fromDb).toContain('import/no-restricted-paths');
    expect(own).not.toContain('import/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    // error-handler.ts imports errors.ts; errors.ts importing error-handler.ts closes a loop.
    const ids = await ruleIds(
      "import { registerErrorHandler } from './error-handler.ts';\nexport const probe = registerErrorHandler;\n",
      'apps/server/src/http/errors.ts',
    );
    expect(ids).toContain('import/no-cycle');
  });

  it('refuses words in JSX that do not come from the locales', async () => {
    const text = await ruleIds('export const P = () => <p>Save changes</p>;\n', 'apps/web/src/components/probe.tsx');
    const label = await ruleIds('export const P = () => <input aria-label="Search" />;\n', 'apps/web/src/components/probe.tsx');
    const symbols = await ruleIds("export const P = () => <p>{'·'} - 42 %</p>;\n", 'apps/web/src/components/probe.tsx');
    expect(text).toContain('no-restricted-syntax');
    expect(label).toContain('no-restricted-syntax');
    expect(symbols).not.toContain('no-restricted-syntax');
  });
});
