/**
 * The flake hunt: the whole end-to-end suite several times in a row on one fresh build, then with
 * every core loaded by a competing process, and a list of every spec that failed at least once.
 *
 *   npm run flake-hunt                       5 quiet runs, 1 loaded run
 *   npm run flake-hunt -- --runs 8 --loaded 2
 *   npm run flake-hunt -- --runs 3 --loaded 0 specs/realtime/alerts.spec.ts
 *
 * Anything after the options goes to `playwright test` as it is (a file, `--grep`). Specs run as
 * under CI=true, so none is skipped for a missing browser. Retries stay off, as in CI: a retry
 * would hide exactly what this hunts for. Each run starts its own server with a fresh demo
 * database (global-setup.ts), as CI's run does. Exit code 1 when any spec failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const e2eDir = fileURLToPath(new URL('.', import.meta.url));

type Outcome = { title: string; status: string; error?: string };
type Run = { label: string; seconds: number; passed: number; failed: Outcome[]; artifacts?: string };

/** Playwright's JSON report, as far as the hunt reads it. */
type Suite = { title: string; file?: string; specs?: Spec[]; suites?: Suite[] };
type Spec = { title: string; file: string; line: number; tests: { results: { status: string; error?: { message?: string } }[] }[] };

function specsOf(suite: Suite): Spec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

function outcomes(reportFile: string): Outcome[] {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: Suite[] };
  return report.suites.flatMap(specsOf).flatMap((spec) =>
    spec.tests.flatMap((test) =>
      test.results.map((result) => ({
        title: `${spec.file}:${spec.line} ${spec.title}`,
        status: result.status,
        error: result.error?.message?.split('\n')[0],
      })),
    ),
  );
}

/** Busy loops, one per core, at the same priority as the suite: a machine someone else is using. */
function competingLoad(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
}

/** Each run's screenshots and traces go to a folder of its own, kept when a spec failed there. */
async function runSuite(label: string, extra: string[], loaded: boolean): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-flake-hunt-'));
  const reportFile = join(dir, 'report.json');
  const artifacts = join(dir, 'results');
  let keep = false;
  const load = loaded ? competingLoad() : [];
  const started = performance.now();
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn('npx', ['playwright', 'test', '--retries=0', '--reporter=dot,json', `--output=${artifacts}`, ...extra], {
        cwd: e2eDir,
        stdio: 'inherit',
        // As CI runs it: no spec skips for a missing browser, and `.only` is refused.
        env: { ...process.env, CI: 'true', PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
      });
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    const seconds = (performance.now() - started) / 1000;
    let results: Outcome[];
    try {
      results = outcomes(reportFile);
    } catch {
      // No report at all: the run broke before any spec (global setup, the build).
      results = [{ title: '(the run itself)', status: `exit code ${code}, no report` }];
    }
    const failed = results.filter((r) => r.status !== 'passed' && r.status !== 'skipped');
    if (code !== 0 && failed.length === 0) failed.push({ title: '(the run itself)', status: `exit code ${code}` });
    keep = failed.length > 0;
    return { label, seconds, passed: results.filter((r) => r.status === 'passed').length, failed, artifacts: keep ? artifacts : undefined };
  } finally {
    for (const child of load) child.kill('SIGKILL');
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, loaded: { type: 'string', default: '1' } },
    allowPositionals: true,
    strict: false,
  });
  const quietRuns = Number(values.runs);
  const loadedRuns = Number(values.loaded);
  if (!Number.isInteger(quietRuns) || !Number.isInteger(loadedRuns) || quietRuns < 0 || loadedRuns < 0) {
    console.error('--runs and --loaded take whole numbers of runs (0 or more)');
    return 2;
  }

  const runs: Run[] = [];
  const plan = [
    ...Array.from({ length: quietRuns }, (_, i) => ({ label: `run ${i + 1}`, loaded: false })),
    ...Array.from({ length: loadedRuns }, (_, i) => ({ label: `loaded run ${i + 1} (${availableParallelism()} busy loops)`, loaded: true })),
  ];
  for (const step of plan) {
    console.log(`\n== flake hunt: ${step.label} of ${plan.length}`);
    const run = await runSuite(step.label, positionals, step.loaded);
    runs.push(run);
    console.log(`== ${step.label}: ${run.passed} passed, ${run.failed.length} failed in ${run.seconds.toFixed(0)} s`);
  }

  console.log('\n== flake hunt summary');
  for (const run of runs) {
    const where = run.artifacts ? `  traces: ${run.artifacts}` : '';
    console.log(`${run.label.padEnd(32)} ${String(run.passed).padStart(4)} passed  ${String(run.failed.length).padStart(3)} failed  ${run.seconds.toFixed(0).padStart(5)} s${where}`);
  }
  const failures = new Map<string, { runs: string[]; error?: string }>();
  for (const run of runs) {
    for (const f of run.failed) {
      const entry = failures.get(f.title) ?? { runs: [], error: f.error ?? f.status };
      entry.runs.push(run.label);
      failures.set(f.title, entry);
    }
  }
  if (failures.size === 0) {
    console.log(`\nNo spec failed in ${runs.length} runs.`);
    return 0;
  }
  console.log(`\n${failures.size} spec(s) failed at least once:`);
  for (const [title, { runs: where, error }] of failures) console.log(`- ${title}\n  failed in ${where.join(', ')}: ${error}`);
  return 1;
}

process.exitCode = await main();
