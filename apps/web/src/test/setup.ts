/**
 * jsdom has no matchMedia. uPlot asks it for the pixel ratio as its module loads, so any page that
 * imports a chart (directly or through a lazily shared module) needs it before the first import.
 * It answers "no match" as a light-themed desktop browser without preferences would; tests that
 * need a viewport width stub it again with `setViewport`.
 */
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}
