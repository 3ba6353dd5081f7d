import { vi } from 'vitest';

/**
 * jsdom has no layout, so a viewport width is told through matchMedia, which MUI's useMediaQuery
 * asks: min-width and max-width queries are answered as a browser of that width would. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function setViewportWidth(width: number): void {
  const px = (query: string, name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)px`).exec(query)?.[1] ?? NaN);
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = px(query, 'min-width');
    const max = px(query, 'max-width');
    const matches = (Number.isNaN(min) || width >= min) && (Number.isNaN(max) || width <= max);
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
