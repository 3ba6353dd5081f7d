import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { chartPalette } from './palette.ts';
import type { AlignedSeries } from '@vigil/contracts/charts';
import type { TimeChartSpec } from './uplot/spec.ts';
import { type TimeChart, mountTimeChart } from './uplot/time-chart.ts';
import { coverRange, extremes } from './uplot/y-range.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { DownloadChartButton } from './DownloadChartButton.tsx';
import { canvasToPng } from './download.ts';

export interface TimeSeriesChartProps {
  spec: TimeChartSpec;
  data: AlignedSeries;
  /** Accessible name of the chart and the title of its PNG. */
  title: string;
  /** Shown over the empty plot (axes and reference lines stay visible). */
  emptyText: string;
  height?: number;
  /** File name of the PNG download, without extension. */
  fileName: string;
}

/**
 * A canvas time chart (uPlot). The spec must be memoised by the caller: a new spec rebuilds the
 * chart, while new data only re-feeds it. The width follows the container.
 */
export function TimeSeriesChart({ spec, data, title, emptyText, height = 320, fileName }: TimeSeriesChartProps) {
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<TimeChart | null>(null);
  const latestData = useRef(data);
  const [pointsDrawn, setPointsDrawn] = useState(0);

  // Declared before the mount effect so a rebuilt chart starts from the newest data.
  useEffect(() => {
    latestData.current = data;
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = mountTimeChart(el, spec, palette, latestData.current, { width: Math.max(200, el.clientWidth), height });
    chart.current = c;
    setPointsDrawn(c.pointsDrawn);
    const observer = new ResizeObserver(([entry]) => {
      c.resize(Math.max(200, Math.floor(entry.contentRect.width)), height);
      setPointsDrawn(c.pointsDrawn);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.destroy();
      chart.current = null;
    };
  }, [spec, palette, height]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.setData(data);
    setPointsDrawn(c.pointsDrawn);
  }, [data]);

  const empty = data.x.length === 0;
  const span = useMemo(() => extremes(data.y), [data]);
  // The same widening uPlot's scale applies (options.ts), computed here for the element's attributes.
  const scale = useMemo(() => coverRange(spec.y, extremes(data.y, spec.thresholds.map((l) => l.value))), [spec, data]);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <ChartLegend series={spec.series} thresholds={spec.thresholds} palette={palette} />
        <DownloadChartButton
          fileName={fileName}
          render={() => {
            const canvas = chart.current?.plot.ctx.canvas;
            return canvas ? canvasToPng(canvas, palette.background, title) : Promise.reject(new Error('chart not mounted'));
          }}
        />
      </Box>
      <Box
        sx={{ position: 'relative', width: '100%', color: 'text.primary' }}
        role="img"
        aria-label={title}
        data-testid="time-chart"
        data-points-drawn={pointsDrawn}
        // The drawn y scale and the readings' extremes, so a test can see nothing is clipped.
        data-y-min={scale.min}
        data-y-max={scale.max}
        data-lowest={span?.lo}
        data-highest={span?.hi}
        data-empty={empty || undefined}
      >
        <div ref={host} />
        {empty && (
          <Typography
            color="text.secondary"
            data-testid="chart-empty"
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
          >
            {emptyText}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
