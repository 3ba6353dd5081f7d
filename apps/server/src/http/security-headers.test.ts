import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { contentSecurityPolicy, sourceOf } from './security-headers.ts';

// A web build of two files is enough to see how the console's pages are served.
const webDist = mkdtempSync(join(tmpdir(), 'vigil-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script src="/config.js"></script></head><body></body></html>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app.js'), 'export {};');

// The proxy in front of a real site says whether the browser came over TLS.
const t = useTestApp({ webDist, trustProxy: true });

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('browser security headers', () => {
  it('a console page carries a CSP with no inline script, no framing, nosniff and a strict referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/member' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HEAD is answered like GET for the console and its files', async () => {
    for (const url of ['/', '/member', '/assets/app.js', '/config.js']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
      expect(head.body).toBe('');
    }
  });

  it('the API and its errors carry the same headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.app.config.apiPrefix}/user` });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('HSTS is sent over TLS only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the CSP follows what the console is configured to use', () => {
  it('allows the tile server, the socket origin and, with a maps key, Google Maps', () => {
    const keyless = contentSecurityPolicy({ mapsKey: '', mapTiles: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', socketUrl: 'https://rt.example.org' });
    expect(keyless['img-src']).toContain('https://*.tiles.example.org');
    expect(keyless['connect-src']).toEqual(["'self'", 'https://rt.example.org', 'wss://rt.example.org']);
    expect(keyless['script-src']).toEqual(["'self'"]);
    const keyed = contentSecurityPolicy({ mapsKey: 'k', mapTiles: '', socketUrl: '' });
    expect(keyed['script-src']).toContain('https://maps.googleapis.com');
    expect(keyed['connect-src']).toContain('https://*.googleapis.com');
    expect(Object.values(keyed).flat()).not.toContain("'unsafe-eval'");
  });

  it('takes the origin of an absolute address and nothing of a relative one', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(sourceOf('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(sourceOf('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(sourceOf('')).toBeNull();
  });
});
