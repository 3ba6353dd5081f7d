import { describe, expect, it } from 'vitest';
import { fromUnix, toUnix, toUnixOrNull } from './index.ts';

describe('unix seconds', () => {
  it('round-trips a date through seconds, dropping milliseconds', () => {
    const d = new Date('2026-11-23T08:15:30.987Z');
    expect(toUnix(d)).toBe(1795421730);
    expect(fromUnix(toUnix(d)).toISOString()).toBe('2026-11-23T08:15:30.000Z');
  });
  it('rounds times before 1970 down, not toward zero', () => {
    expect(toUnix(new Date(-1500))).toBe(-2);
  });
  it('keeps null as null', () => {
    expect(toUnixOrNull(null)).toBeNull();
    expect(toUnixOrNull(undefined)).toBeNull();
  });
});
