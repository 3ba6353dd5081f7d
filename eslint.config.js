// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = './apps/web/src';
/** A letter of any script: text with one is words a user reads; symbols and numbers alone are not. */
const WORDS = '/\\p{L}/u';
/** Props whose value a user reads or a screen reader speaks. */
const READ_PROPS = '/^(label|title|placeholder|alt|helperText|aria-label|aria-description|aria-valuetext)$/';
const server = './apps/server/src';
/** The server's layers below its API modules: they serve the modules and never reach up into them. */
const serverLayers = ['realtime', 'ingest', 'rules', 'auth', 'db', 'alerts', 'jobs'];
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The architecture's import directions (ARCHITECTURE.md, docs/architecture.md), as zones of
 * import/no-restricted-paths: each zone forbids files under `target` to import from `from`.
 */
const boundaries = [
  // contracts <- server, contracts <- web; server and web never import each other.
  { target: './packages/contracts', from: './apps', message: 'contracts import nothing of the apps' },
  { target: './apps/server', from: './apps/web', message: 'the server never imports the web app' },
  { target: './apps/web', from: './apps/server', message: 'the web app never imports the server' },
  // lib/components <- features <- app.
  { target: [`${web}/lib`, `${web}/components`], from: [`${web}/features`, `${web}/app`], message: 'lib and components are below features and app' },
  { target: `${web}/features`, from: `${web}/app`, message: 'features are below the app shell' },
  // A feature reaches another only through that feature's index.ts.
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${web}/features/${feature}`,
        from: `${web}/features/${other}`,
        except: ['./index.ts'],
        message: `import ${other} through features/${other}/index.ts`,
      })),
  ),
];

/**
 * The server's layering: the layers below `modules/` never import it (a module reaches them, or
 * the app hands them what a module owns, as the jobs plugin gets escalation and the care
 * scheduler); the database layer never imports auth; the alert rules are pure and take their types
 * from contracts or their own folder. Test files are left out (see the block for them below).
 */
const serverBoundaries = [
  ...serverLayers.map((layer) => ({
    target: `${server}/${layer}`,
    from: `${server}/modules`,
    message: `${layer}/ is below the API modules: take what a module owns as an argument or an app decoration`,
  })),
  { target: `${server}/db`, from: `${server}/auth`, message: 'db/ is below auth/' },
  {
    target: `${server}/rules`,
    from: server,
    except: ['./rules'],
    message: 'the alert rules take their types from contracts or their own folder',
  },
];

/**
 * One flat config for every workspace. Type-aware rules are left out on purpose: they would make
 * `npm run lint` re-run the type checker, which `npm run typecheck` already does.
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/migrations/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    // eslint-plugin-import rather than import-x: import-x resolves through a native binary whose
    // builds for other platforms the registry here lacks, which leaves `npm ci` unable to install.
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...boundaries, ...serverBoundaries] }],
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
      // Unused names starting with _ are deliberate (ignored callback arguments, rest omissions).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // These diagnostics guard code the React Compiler would rewrite; Vigil does not run the
      // compiler, so they advise (warn) rather than fail. static-components also flags picking an
      // existing component from a lookup table (an icon per menu item), which is not a remount.
      'react-hooks/static-components': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/refs': 'warn',
      'react-hooks/purity': 'warn',
      'react-hooks/immutability': 'warn',
      'react-hooks/preserve-manual-memoization': 'warn',
      'react-hooks/use-memo': 'warn',
    },
  },
  {
    // Every word a user reads comes from the locales (en and zh-TW): JSX text and the props a user
    // reads or hears must not be literals. Symbols and numbers alone pass.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `JSXText[value=${WORDS}]`, message: 'Text a user reads comes from the locales: use t()' },
        {
          selector: `JSXAttribute[name.name=${READ_PROPS}] > Literal[value=${WORDS}]`,
          message: 'A label, title or placeholder comes from the locales: use t()',
        },
        {
          selector: `JSXAttribute[name.name=${READ_PROPS}] > JSXExpressionContainer > :matches(Literal[value=${WORDS}], TemplateLiteral > TemplateElement[value.raw=${WORDS}])`,
          message: 'A label, title or placeholder comes from the locales: use t()',
        },
      ],
    },
  },
  {
    // A server layer's test may drive the whole app, every API module included (the guard and
    // tenant tests): tests keep the package boundaries but not the server's layering.
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // Playwright's page.evaluate bodies run in the browser, and a fixture that needs no other
    // fixture must still destructure an empty object (Playwright reads the parameter list).
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-empty-pattern': 'off' },
  },
);
