import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Leaflet from 'leaflet';
import { removeWhenIdle } from './leaflet-teardown.ts';

/*
 * Real Leaflet in jsdom. jsdom has no 3D transforms, so Leaflet would never animate a zoom; a
 * browser's WebKitCSSMatrix (Chromium has it) makes Leaflet take the same animated path it takes
 * in the console, where removing the map mid-zoom threw `TypeError … _leaflet_pos`.
 */
let L: typeof Leaflet;
const errors: unknown[] = [];
const onError = (e: ErrorEvent) => errors.push(e.error);

beforeAll(async () => {
  Object.assign(window, { WebKitCSSMatrix: class { m11 = 1; } });
  L = await import('leaflet');
  window.addEventListener('error', onError);
});

afterEach(() => {
  errors.length = 0;
});

function zoomingMap() {
  const host = document.createElement('div');
  document.body.append(host);
  const map = L.map(host).setView([25.033, 121.565], 13);
  L.tileLayer('http://127.0.0.1:9/{z}/{x}/{y}.png').addTo(map);
  return { host, map };
}

describe('removeWhenIdle', () => {
  it('removes a map caught in a zoom once the zoom has ended, without an error', async () => {
    const { host, map } = zoomingMap();
    const remove = removeWhenIdle(map);
    const started = new Promise((resolve) => map.once('zoomanim', resolve));
    map.setZoom(15, { animate: true });
    await started;
    remove();
    // Still there while zooming; gone once the zoom has ended.
    expect(host.querySelector('.leaflet-map-pane')).not.toBeNull();
    await new Promise((resolve) => map.once('zoomend', () => setTimeout(resolve, 10)));
    expect(host.querySelector('.leaflet-map-pane')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('removes an idle map at once', () => {
    const { host, map } = zoomingMap();
    removeWhenIdle(map)();
    expect(host.querySelector('.leaflet-map-pane')).toBeNull();
  });
});
