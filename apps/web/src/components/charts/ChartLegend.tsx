import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ChartPalette, toneColour } from './palette.ts';
import type { SeriesSpec, ThresholdLine } from './uplot/spec.ts';

/** Series swatches and reference lines, as text a screen reader (and a test) can read. */
export function ChartLegend({
  series,
  thresholds,
  palette,
}: {
  series: readonly SeriesSpec[];
  thresholds: readonly ThresholdLine[];
  palette: ChartPalette;
}) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0, flex: 1 }}>
      {series.map((s, i) => (
        <LegendItem key={`s${i}`} colour={s.color ?? palette.series[(s.colorIndex ?? i) % palette.series.length]} dashed={s.dashed} label={s.label} />
      ))}
      {thresholds.map((line) => (
        <LegendItem
          key={`t${line.value}${line.tone}`}
          colour={toneColour(palette, line.tone)}
          dashed
          label={line.label}
          testId="chart-threshold"
          value={line.value}
        />
      ))}
    </Box>
  );
}

function LegendItem({ colour, dashed, label, testId, value }: { colour: string; dashed?: boolean; label: string; testId?: string; value?: number }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} data-testid={testId} data-value={value}>
      <Box component="span" aria-hidden sx={{ width: 18, borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${colour}` }} />
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    </Box>
  );
}
