/**
 * SPEC §2/§9 x-axis rules: labels are HH:mm when the plotted range lies within one day and
 * MM/DD HH:mm otherwise; the minimum gap between two labels is 20 px for a day and 40 px otherwise.
 */
export const DAY_SECONDS = 24 * 60 * 60;

export interface TimeAxisRules {
  dayFormat: string;
  longerFormat: string;
  /** Minimum px between two labels when the range is within one day. */
  tickGapDay: number;
  /** Minimum px between two labels for longer ranges. */
  tickGapLonger: number;
}

/**
 * "Within one day" is a span of at most 24 hours: the day button gives 00:00–23:59:59, and the
 * sleep window (21:00–10:00) crosses midnight yet is still read as clock times.
 */
export function isWithinOneDay(fromSeconds: number, toSeconds: number): boolean {
  return toSeconds - fromSeconds <= DAY_SECONDS;
}

export function timeLabelFormat(fromSeconds: number, toSeconds: number, rules: TimeAxisRules): string {
  return isWithinOneDay(fromSeconds, toSeconds) ? rules.dayFormat : rules.longerFormat;
}

export function minTickGap(fromSeconds: number, toSeconds: number, rules: TimeAxisRules): number {
  return isWithinOneDay(fromSeconds, toSeconds) ? rules.tickGapDay : rules.tickGapLonger;
}

/**
 * uPlot's `space` is the minimum distance between tick centres, while SPEC's gap is between the
 * labels' edges, so the label's own width is added. Digits of the 12 px axis font are about 7 px
 * wide; over-estimating only spaces labels a little further apart.
 */
export const AXIS_CHAR_PX = 7;
export function tickSpace(format: string, gapPx: number): number {
  return format.length * AXIS_CHAR_PX + gapPx;
}
