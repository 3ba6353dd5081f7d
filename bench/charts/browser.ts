/**
 * Browser side of the chart benchmark: the web app's chart code bundled with esbuild and run in
 * the system Chromium, fed the JSON body the API would send.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { BenchResult, BodyKind } from './page-entry.ts';

const require = createRequire(import.meta.url);

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./page-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
  });
  return out.outputFiles[0].text;
}

export interface BrowserFigures {
  /** The chart endpoint's points, drawn as the console draws them. */
  points: BenchResult;
  /** The unpaged list, prepared and decimated in the browser. */
  rows: BenchResult;
  /** The unpaged list drawn whole, without decimation. */
  raw: BenchResult;
  runs: number;
}

export async function measureInChromium(
  bodies: Record<BodyKind, string>,
  rules: { gapSeconds: number; from: number; to: number },
  width = 1200,
  runs = 15,
): Promise<BrowserFigures> {
  const script = await bundle();
  const css = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: width + 100, height: 600 } });
    await page.setContent(`<!doctype html><html><head><style>${css}</style></head><body><div id="chart"></div><script>${script}</script></body></html>`);
    const median = async (kind: BodyKind, decimate: boolean): Promise<BenchResult> => {
      const results: BenchResult[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const r = await page.evaluate(
          ([b, k, w, d, ru]) => (window as unknown as { benchChart: (...a: unknown[]) => Promise<BenchResult> }).benchChart(b, k, w, d, ru),
          [bodies[kind], kind, width, decimate, rules] as const,
        );
        if (i >= 3) results.push(r);
      }
      results.sort((a, b) => a.totalMs - b.totalMs);
      return results[Math.floor(results.length / 2)];
    };
    return { points: await median('points', true), rows: await median('rows', true), raw: await median('rows', false), runs };
  } finally {
    await browser.close();
  }
}
