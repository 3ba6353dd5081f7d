/**
 * Runs in Chromium: the web app's own chart code (rules, decimation, uPlot kit) timed from the
 * moment the response text is in hand to the moment the chart is drawn. `points` is the chart
 * endpoint's answer (rules applied and decimated by the server); `rows` the unpaged list, which
 * the browser must prepare itself.
 */
import { type AlignedSeries, prepareSeries } from '@vigil/contracts/charts';
import { fromUnix } from '@vigil/contracts';
import { mountTimeChart } from '../../apps/web/src/components/charts/uplot/time-chart.ts';
import type { ChartPalette } from '../../apps/web/src/components/charts/palette.ts';
import type { TimeChartSpec } from '../../apps/web/src/components/charts/uplot/spec.ts';

interface Row {
  occur_time: number;
  value: number | null;
}

export type BodyKind = 'points' | 'rows';

const palette: ChartPalette = {
  background: '#ffffff',
  text: '#18262b',
  axis: '#4a5a60',
  grid: 'rgba(24, 38, 43, 0.12)',
  series: ['#1b6670'],
  high: '#b3261e',
  low: '#8a5a00',
  tooltipBackground: '#fafafa',
  tooltipText: '#18262b',
};

export interface BenchResult {
  rows: number;
  pointsDrawn: number;
  parseMs: number;
  prepareMs: number;
  drawMs: number;
  totalMs: number;
  nextFrameMs: number;
}

async function run(
  body: string,
  kind: BodyKind,
  width: number,
  decimate: boolean,
  rules: { gapSeconds: number; from: number; to: number },
): Promise<BenchResult> {
  const host = document.getElementById('chart') as HTMLDivElement;
  host.replaceChildren();
  const t0 = performance.now();
  const rows = (JSON.parse(body) as { data: { list: Row[] } }).data.list;
  const t1 = performance.now();
  // The same two steps as the console's alignedPoints and vitalSeries (features/vitals/chart-spec.ts).
  const data: AlignedSeries =
    kind === 'points'
      ? { x: rows.map((p) => p.occur_time), y: [rows.map((p) => p.value)] }
      : prepareSeries(rows, (r) => r.occur_time, [(r) => r.value], { maxGapSeconds: rules.gapSeconds });
  const t2 = performance.now();
  const spec: TimeChartSpec = {
    series: [{ label: 'Heart rate', unit: 'bpm' }],
    y: { min: 30, max: 140, ticks: [40, 60, 80, 100, 120, 140] },
    thresholds: [
      { value: 100, label: 'High threshold 100', tone: 'high' },
      { value: 50, label: 'Low threshold 50', tone: 'low' },
    ],
    range: { from: rules.from, to: rules.to },
    xFormat: 'MM/DD HH:mm',
    tickGap: 40,
    formatTime: (s) => fromUnix(s).toISOString(),
  };
  const chart = mountTimeChart(host, spec, palette, data, { width, height: 320 }, { decimate });
  // uPlot draws in a microtask queued by its constructor; this await runs after it.
  await Promise.resolve();
  const t3 = performance.now();
  await new Promise((r) => requestAnimationFrame(r));
  const t4 = performance.now();
  const result = {
    rows: rows.length,
    pointsDrawn: chart.pointsDrawn,
    parseMs: t1 - t0,
    prepareMs: t2 - t1,
    drawMs: t3 - t2,
    totalMs: t3 - t0,
    nextFrameMs: t4 - t0,
  };
  chart.destroy();
  return result;
}

(window as unknown as { benchChart: typeof run }).benchChart = run;
