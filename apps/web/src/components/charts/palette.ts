import type { Theme } from '@mui/material/styles';

/**
 * Colours a canvas chart needs, read from the MUI theme so light and dark modes both hold their
 * contrast. Canvas cannot use CSS variables, so the chart is rebuilt when the palette changes.
 */
export interface ChartPalette {
  background: string;
  text: string;
  axis: string;
  grid: string;
  series: readonly string[];
  high: string;
  low: string;
  tooltipBackground: string;
  tooltipText: string;
}

export function chartPalette(theme: Theme): ChartPalette {
  const p = theme.palette;
  return {
    background: p.background.paper,
    text: p.text.primary,
    axis: p.text.secondary,
    grid: p.divider,
    // The theme's slate secondary sits too close to its teal primary for two series of one chart
    // (systolic against diastolic), so the second colour is a violet of the same weight.
    series: [p.primary.main, p.mode === 'dark' ? '#d0a6ee' : '#7e3fa6', p.success.main, p.info.main, p.secondary.main],
    high: p.error.main,
    low: p.warning.main,
    tooltipBackground: p.mode === 'dark' ? p.grey[900] : p.grey[50],
    tooltipText: p.text.primary,
  };
}

/** Colour of a reference line by its tone. */
export function toneColour(palette: ChartPalette, tone: 'high' | 'low' | 'average'): string {
  return tone === 'high' ? palette.high : tone === 'low' ? palette.low : palette.text;
}
