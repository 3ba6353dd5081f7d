/** SPEC §2/§9: chart constants of the reading pages. */

export interface ChartRange {
  yMin: number;
  yMax: number;
}

/** Blood oxygen: y 60–100, reference line 90 labelled low threshold. */
export const BLOOD_OXYGEN_CHART = { yMin: 60, yMax: 100, lowThreshold: 90 } as const;
/** Blood pressure (systolic, diastolic, pulse pressure): y -60–160. */
export const BLOOD_PRESSURE_CHART = { yMin: -60, yMax: 160 } as const;
/** Body temperature: y 30–40, reference lines 38 high threshold and 32 low threshold. */
export const TEMPERATURE_CHART = { yMin: 30, yMax: 40, highThreshold: 38, lowThreshold: 32 } as const;
/**
 * Wearable heart-rate tab: y 30–140, ticks 40…140, thresholds 100 / 50; minimum x tick gap 20 px
 * when the range is within one day, 40 px otherwise.
 */
export const HEART_RATE_CHART = {
  yMin: 30,
  yMax: 140,
  ticks: [40, 60, 80, 100, 120, 140],
  highThreshold: 100,
  lowThreshold: 50,
  tickGapDay: 20,
  tickGapLonger: 40,
} as const;
/** Heart-rate chart below the sleep bar: y 30–120, ticks 40…120, HH:mm labels, tick gap 20. */
export const SLEEP_HEART_RATE_CHART = {
  yMin: 30,
  yMax: 120,
  ticks: [40, 60, 80, 100, 120],
  tickGap: 20,
} as const;

/** X-axis label formats (dayjs): within one day, and for longer ranges. */
export const CHART_TIME_FORMAT_DAY = 'HH:mm';
export const CHART_TIME_FORMAT_LONGER = 'MM/DD HH:mm';

/**
 * Gap rule: consecutive points further apart than this break the line. Blood oxygen, temperature
 * and blood pressure use 5 minutes; the heart-rate helper 1 minute. Zero readings count as
 * missing, duplicate points are removed and leading missing points dropped.
 */
export const CHART_GAP_MS = 5 * 60 * 1000;
export const HEART_RATE_CHART_GAP_MS = 60 * 1000;

/**
 * Pixel columns the chart endpoint decimates to unless asked otherwise: wider than the console's
 * charts, so the browser's own min-max pass at the drawn width still sees each column's envelope.
 */
export const CHART_COLUMNS = 1600;
/** The longest range one chart call may cover: a reading page's three-month limit, rounded up. */
export const CHART_MAX_RANGE_DAYS = 93;

/**
 * Sleep bar start-time labels: a label is dropped within 3 % of the previous label or within 4 %
 * of either edge of the bar (fractions of the bar's width).
 */
export const SLEEP_LABEL_SKIP_PREVIOUS = 0.03;
export const SLEEP_LABEL_SKIP_EDGE = 0.04;

/** Sleep window: 21:00 of the day before the selected day to 10:00 of the selected day. */
export const SLEEP_WINDOW_START_HOUR = 21;
export const SLEEP_WINDOW_END_HOUR = 10;

/** Averages are rounded to one decimal; a missing average, highest or lowest shows as '-'. */
export const AVERAGE_DECIMALS = 1;
export const MISSING_VALUE_TEXT = '-';
