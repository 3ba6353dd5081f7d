import { describe, expect, it } from 'vitest';
import { pageSlice } from './paging.ts';

describe('pageSlice: where a page is read from', () => {
  it('reads the front half from the start and the back half from the end, covering the same rows', () => {
    // 47 rows, 15 a page: rows 0–14, 15–29, 30–44, 45–46.
    expect(pageSlice({ page: 1, per_page: 15 }, 47)).toEqual({ offset: 0, limit: 15, reverse: false });
    expect(pageSlice({ page: 2, per_page: 15 }, 47)).toEqual({ offset: 15, limit: 15, reverse: false });
    // Rows 30–44 are rows 2–16 counted from the end.
    expect(pageSlice({ page: 3, per_page: 15 }, 47)).toEqual({ offset: 2, limit: 15, reverse: true });
    // The last, short page: the two last rows.
    expect(pageSlice({ page: 4, per_page: 15 }, 47)).toEqual({ offset: 0, limit: 2, reverse: true });
  });

  it('leaves pages past the end and unpaged lists alone', () => {
    expect(pageSlice({ page: 9, per_page: 15 }, 47)).toEqual({ offset: 120, limit: 15, reverse: false });
    expect(pageSlice({ page: 1, per_page: -1 }, 47)).toBeUndefined();
  });
});
