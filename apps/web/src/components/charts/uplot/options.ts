import uPlot from 'uplot';
import dayjs from 'dayjs';
import type { ChartPalette } from '../palette.ts';
import { isolatedIndices } from '@vigil/contracts/charts';
import { tickSpace } from '../rules/time-axis.ts';
import { thresholdPlugin, tooltipPlugin } from './plugins.ts';
import type { TimeChartSpec } from './spec.ts';
import { coverRange, extremes } from './y-range.ts';

const AXIS_FONT = '12px system-ui, sans-serif';

/**
 * uPlot options for a time chart: the fixed y range and ticks, widened when a reading or a
 * threshold line lies outside them (never clipped), SPEC x labels, the unit on the y axis,
 * themed colours.
 */
export function buildOptions(spec: TimeChartSpec, palette: ChartPalette, width: number, height: number): uPlot.Options {
  const formatValue = spec.formatValue ?? ((v: number) => String(Math.round(v * 10) / 10));
  const colourOf = (i: number) => spec.series[i].color ?? palette.series[(spec.series[i].colorIndex ?? i) % palette.series.length];
  const axisBase = {
    stroke: palette.axis,
    font: AXIS_FONT,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1 },
  };
  const barsPath = uPlot.paths.bars?.({ size: [0.6, 24] });

  return {
    width,
    height,
    // The page draws its own legend (with threshold lines); uPlot's would duplicate it.
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 6 } },
    scales: {
      x: { time: true, range: () => [spec.range.from, spec.range.to] },
      y: {
        auto: false,
        range: (u) => {
          const y = coverRange(spec.y, extremes(u.data.slice(1), spec.thresholds.map((l) => l.value)));
          return [y.min, y.max];
        },
      },
    },
    axes: [
      {
        ...axisBase,
        space: tickSpace(spec.xFormat, spec.tickGap),
        values: (_u, splits) => splits.map((s) => dayjs.unix(s).format(spec.xFormat)),
        ...(spec.xTicks ? { splits: () => [...(spec.xTicks as number[])] } : {}),
      },
      {
        ...axisBase,
        size: 48,
        // The unit on the axis as well as in the tooltip: "bpm", "mmHg", "°C".
        ...(spec.series[0]?.unit ? { label: spec.series[0].unit, labelSize: 18, labelFont: AXIS_FONT } : {}),
        ...(spec.y.ticks
          ? {
              splits: (u: uPlot) =>
                (coverRange(spec.y, extremes(u.data.slice(1), spec.thresholds.map((l) => l.value))).ticks ?? []).slice(),
            }
          : {}),
      },
    ],
    series: [
      {},
      ...spec.series.map((s, i) => ({
        label: s.label,
        stroke: colourOf(i),
        width: 1.5,
        spanGaps: false,
        ...(s.dashed ? { dash: [6, 3] } : {}),
        ...(s.bars && barsPath ? { paths: barsPath, fill: colourOf(i), points: { show: false } } : {}),
        ...(!s.bars
          ? {
              points: {
                size: 5,
                fill: colourOf(i),
                // A reading with no neighbour cannot be drawn as a line; draw it as a dot even
                // when the series is too dense for uPlot to show points.
                filter: (u: uPlot, si: number, show: boolean) => (show ? null : isolatedIndices(u.data[si] as (number | null)[])),
              },
            }
          : {}),
      })),
    ],
    plugins: [thresholdPlugin(spec.thresholds, palette), tooltipPlugin(spec.series, palette, spec.formatTime, formatValue)],
  };
}
