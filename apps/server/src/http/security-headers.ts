import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/** Google Maps JS (loaded only with a maps key): its script, tiles, fonts and API calls. */
const googleMaps = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/**
 * The origin of a configured address, for a CSP source list: a tile template's `{s}` subdomain
 * becomes a wildcard (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`).
 * Empty or relative addresses are the console's own origin and need no source.
 */
export function sourceOf(address: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return null;
  const url = new URL(address.replace(/\{s\}/g, 'wildcard-subdomain'));
  return `${url.protocol}//${url.host.replace('wildcard-subdomain', '*')}`;
}

/** A socket address's origin in both the HTTP and the WebSocket scheme (Socket.IO polls, then upgrades). */
function socketSources(socketUrl: string): string[] {
  const source = sourceOf(socketUrl);
  if (!source) return [];
  const other = source.startsWith('https:') ? source.replace('https:', 'wss:') : source.startsWith('http:') ? source.replace('http:', 'ws:') : null;
  return other ? [source, other] : [source];
}

/**
 * The console's Content-Security-Policy, from what it is configured to use. No inline script at
 * all: the runtime settings come from /config.js and the build emits only module files. Styles
 * allow 'unsafe-inline' because MUI's emotion writes its <style> elements at run time (a nonce
 * would have to be stamped into index.html per response and handed to emotion's cache), and
 * uPlot, Leaflet and Google Maps set style attributes; injected CSS cannot run code. `blob:` serves
 * downloads and image previews; `worker-src 'self'` leaves room for a service worker. WebAuthn
 * (passkeys) needs no directive.
 */
export function contentSecurityPolicy(config: Pick<Config, 'mapsKey' | 'mapTiles' | 'socketUrl'>): Record<string, string[]> {
  const maps = config.mapsKey ? googleMaps : { script: [], img: [], connect: [], style: [], font: [] };
  const tiles = sourceOf(config.mapTiles);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...maps.script],
    'style-src': ["'self'", "'unsafe-inline'", ...maps.style],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...maps.img],
    'font-src': ["'self'", 'data:', ...maps.font],
    'connect-src': ["'self'", ...socketSources(config.socketUrl), ...maps.connect],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** HSTS, sent only on a response that went out over TLS (directly, or through a trusted proxy). */
const hsts = 'max-age=31536000; includeSubDomains';

/**
 * Browser security headers on every response (docs/security.md "Browser security headers"), by
 * @fastify/helmet: the CSP above, X-Frame-Options DENY beside frame-ancestors for older browsers,
 * nosniff, Referrer-Policy no-referrer, and cross-origin isolation of the window and resources.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, only over TLS: over plain HTTP a browser ignores it, and a site still on HTTP
    // (a first start on a laptop) must not be pinned to HTTPS by a proxy in front of it later.
    strictTransportSecurity: false,
    // Map tiles and Google's scripts are other origins without CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
  });
}
