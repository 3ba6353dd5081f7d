import { forwardRef } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { type BarLabel, type BarStage, type StageSegment, formatClock } from '../rules/sleep.ts';

export interface SleepStageBarProps {
  segments: readonly StageSegment[];
  span: { start: number; end: number };
  labels: readonly BarLabel[];
  colours: Record<BarStage, string>;
  stageName: (stage: BarStage) => string;
  /** "{{minutes}} min" in the reader's language. */
  minutesText: (minutes: number) => string;
  title: string;
}

const BAR_HEIGHT = 44;
const LABEL_ROW = 18;
const ORDER: readonly BarStage[] = ['deep', 'light', 'rem', 'awake'];

/**
 * SPEC §2 stage bar: coloured segments over the night, the bar's start and end times at its
 * edges, segment start times between them (already thinned by the 3 %/4 % rule), a legend and a
 * tooltip per segment. Drawn as SVG with inline colours so it exports to PNG as it looks.
 */
export const SleepStageBar = forwardRef<SVGSVGElement, SleepStageBarProps>(function SleepStageBar(
  { segments, span, labels, colours, stageName, minutesText, title },
  ref,
) {
  const theme = useTheme();
  const text = theme.palette.text.secondary;
  const width = span.end - span.start;
  const pct = (t: number) => ((t - span.start) / width) * 100;
  return (
    <Box>
      <Box component="ul" sx={{ display: 'flex', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1, flexWrap: 'wrap' }} aria-label={title}>
        {ORDER.map((stage) => (
          <Box component="li" key={stage} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colours[stage] }} />
            <Typography variant="body2" component="span">
              {stageName(stage)}
            </Typography>
          </Box>
        ))}
      </Box>
      <svg ref={ref} width="100%" height={BAR_HEIGHT + LABEL_ROW * 2} role="img" aria-label={title} data-testid="sleep-stage-bar" style={{ display: 'block', overflow: 'visible' }}>
        <svg x="0" y="0" width="100%" height={BAR_HEIGHT} viewBox="0 0 100 10" preserveAspectRatio="none">
          {segments.map((s) => (
            <Tooltip
              key={`${s.start}-${s.stage}`}
              followCursor
              title={`${stageName(s.stage)} · ${formatClock(s.start)}–${formatClock(s.end)} · ${minutesText(s.minutes)}`}
            >
              <rect
                x={pct(s.start)}
                y={0}
                width={Math.max(0.05, pct(s.end) - pct(s.start))}
                height={10}
                fill={colours[s.stage]}
                data-stage={s.stage}
              />
            </Tooltip>
          ))}
        </svg>
        <g fontSize="11" fill={text} fontFamily="system-ui, sans-serif">
          <text x="0%" y={BAR_HEIGHT + 14} textAnchor="start">
            {formatClock(span.start)}
          </text>
          <text x="100%" y={BAR_HEIGHT + 14} textAnchor="end">
            {formatClock(span.end)}
          </text>
          {labels.map((l) => (
            <g key={l.time} data-testid="sleep-start-label">
              <line x1={`${l.at * 100}%`} x2={`${l.at * 100}%`} y1={BAR_HEIGHT} y2={BAR_HEIGHT + 4} stroke={text} />
              <text x={`${l.at * 100}%`} y={BAR_HEIGHT + 14 + LABEL_ROW} textAnchor="middle">
                {formatClock(l.time)}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </Box>
  );
});
