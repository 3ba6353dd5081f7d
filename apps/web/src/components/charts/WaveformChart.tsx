import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import { chartPalette } from './palette.ts';
import { minMaxIndices, pickRows } from '@vigil/contracts/charts';
import { DownloadChartButton } from './DownloadChartButton.tsx';
import { canvasToPng } from './download.ts';

/**
 * An ECG trace: samples against seconds from the start. Traces run to tens of thousands of
 * samples, so they get the same min-max decimation as the time charts (QRS peaks survive).
 */
export function WaveformChart(props: { samples: readonly number[]; sampleRate: number; title: string; unit: string; secondsLabel: string; fileName: string }) {
  const { samples, sampleRate, title, unit, secondsLabel, fileName } = props;
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = Math.max(300, el.clientWidth);
    const x = samples.map((_, i) => i / sampleRate);
    const keep = minMaxIndices(x, [samples as number[]], { from: 0, to: x[x.length - 1] ?? 0, width });
    const axis = { stroke: palette.axis, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid, width: 1 } };
    const u = new uPlot(
      {
        width,
        height: 260,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { ...axis, label: secondsLabel, values: (_u, s) => s.map((v) => `${v}`) },
          { ...axis, label: unit, size: 56 },
        ],
        series: [{}, { stroke: palette.series[0], width: 1 }],
      },
      [pickRows(x, keep), pickRows(samples as number[], keep)],
      el,
    );
    plot.current = u;
    return () => {
      u.destroy();
      plot.current = null;
    };
  }, [samples, sampleRate, palette, unit, secondsLabel]);

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DownloadChartButton
          fileName={fileName}
          render={() => {
            const canvas = plot.current?.ctx.canvas;
            return canvas ? canvasToPng(canvas, palette.background, title) : Promise.reject(new Error('chart not mounted'));
          }}
        />
      </Box>
      <Box ref={host} role="img" aria-label={title} data-testid="waveform-chart" />
    </Box>
  );
}
