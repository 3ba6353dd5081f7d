import uPlot from 'uplot';
import type { ChartPalette } from '../palette.ts';
import { type AlignedSeries, minMaxIndices, pickRows } from '@vigil/contracts/charts';
import { buildOptions } from './options.ts';
import type { TimeChartSpec } from './spec.ts';

/**
 * A mounted uPlot time chart, framework-free so the React wrapper and the browser benchmark
 * (bench/charts) run the very same code path.
 */
export interface TimeChart {
  readonly plot: uPlot;
  /** Points handed to uPlot after decimation, summed over series. */
  readonly pointsDrawn: number;
  setData(data: AlignedSeries): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

/** Decimates to the chart's pixel width (min and max per column) before handing data to uPlot. */
export function fitToWidth(data: AlignedSeries, spec: TimeChartSpec, width: number): AlignedSeries {
  const keep = minMaxIndices(data.x, data.y, { from: spec.range.from, to: spec.range.to, width });
  if (keep.length === data.x.length) return data;
  return { x: pickRows(data.x, keep), y: data.y.map((s) => pickRows(s, keep)) };
}

function countPoints(data: AlignedSeries): number {
  let n = 0;
  for (const s of data.y) for (const v of s) if (v != null) n++;
  return n;
}

export function mountTimeChart(
  target: HTMLElement,
  spec: TimeChartSpec,
  palette: ChartPalette,
  data: AlignedSeries,
  size: { width: number; height: number },
  /** Decimation can be switched off only to measure what it saves (bench/charts). */
  { decimate = true }: { decimate?: boolean } = {},
): TimeChart {
  const fit = (d: AlignedSeries, width: number) => (decimate ? fitToWidth(d, spec, width) : d);
  let source = data;
  let fitted = fit(source, size.width);
  let pointsDrawn = countPoints(fitted);
  const plot = new uPlot(buildOptions(spec, palette, size.width, size.height), [fitted.x, ...fitted.y], target);
  return {
    plot,
    get pointsDrawn() {
      return pointsDrawn;
    },
    setData(next) {
      source = next;
      fitted = fit(source, plot.width);
      pointsDrawn = countPoints(fitted);
      plot.setData([fitted.x, ...fitted.y]);
    },
    resize(width, height) {
      if (width === plot.width && height === plot.height) return;
      // Decimation depends on the width: a wider chart gets more columns, hence more detail.
      fitted = fit(source, width);
      pointsDrawn = countPoints(fitted);
      plot.setSize({ width, height });
      plot.setData([fitted.x, ...fitted.y]);
    },
    destroy() {
      plot.destroy();
    },
  };
}
