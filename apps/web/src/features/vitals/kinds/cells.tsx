import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format.ts';
import type { CellContext } from './types.ts';

/** A reading with its unit, '-' when absent. */
export function valueCell(value: number | null | undefined, ctx: CellContext, digits = 1): string {
  if (value === null || value === undefined) return '-';
  return `${formatNumber(value, ctx.locale, { maximumFractionDigits: digits })} ${ctx.unit}`;
}

export function labelOr(t: TFunction, key: string | undefined, fallback: string | number): string {
  return key ? t(key) : String(fallback);
}
