/** Settings the server injects at runtime through `/config.js` (docs/architecture.md: the build holds none). */
export type RuntimeConfig = {
  apiBase: string;
  socketUrl: string;
  mapsKey: string;
  mapId: string;
  mapTiles: string;
  /** The server's TOKEN_IDLE_MINUTES: the console warns before it and signs out at it. */
  idleMinutes: number;
};

declare global {
  interface Window {
    __VIGIL_CONFIG__?: Partial<Record<keyof RuntimeConfig, unknown>>;
  }
}

const defaults: RuntimeConfig = { apiBase: '/api', socketUrl: '', mapsKey: '', mapId: '', mapTiles: '', idleMinutes: 120 };

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** Read on every call so a test (or a late `/config.js`) can change it; absent values fall back. */
export function runtimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__VIGIL_CONFIG__;
  const apiBase = text(raw?.apiBase, defaults.apiBase).replace(/\/+$/, '');
  return {
    apiBase,
    socketUrl: text(raw?.socketUrl, defaults.socketUrl),
    mapsKey: text(raw?.mapsKey, defaults.mapsKey),
    mapId: text(raw?.mapId, defaults.mapId),
    mapTiles: text(raw?.mapTiles, defaults.mapTiles),
    idleMinutes: typeof raw?.idleMinutes === 'number' && raw.idleMinutes > 0 ? raw.idleMinutes : defaults.idleMinutes,
  };
}
