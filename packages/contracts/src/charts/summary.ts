/**
 * SPEC §2 heart-rate summary: average, highest and lowest of the readings in the range. Zero
 * readings count as missing (SPEC §9), so they neither lower the minimum nor the average.
 * The average is rounded to one decimal; each figure is null when there is nothing to summarise
 * and the page shows '-' for it.
 */
import { readingOrNull } from './series.ts';

export interface ReadingSummary {
  average: number | null;
  highest: number | null;
  lowest: number | null;
}

export function summarize(values: Iterable<number | null | undefined>, decimals: number): ReadingSummary {
  let sum = 0;
  let count = 0;
  let highest = -Infinity;
  let lowest = Infinity;
  for (const raw of values) {
    const v = readingOrNull(raw);
    if (v === null) continue;
    sum += v;
    count++;
    if (v > highest) highest = v;
    if (v < lowest) lowest = v;
  }
  if (count === 0) return { average: null, highest: null, lowest: null };
  return { average: roundTo(sum / count, decimals), highest, lowest };
}

/** Half away from zero, on the decimal value (so 72.25 gives 72.3, not 72.2 from binary error). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * Math.round(Number((Math.abs(value) * factor).toPrecision(12))) / factor;
}

export function summaryText(value: number | null, missing: string, format: (v: number) => string = String): string {
  return value === null ? missing : format(value);
}
