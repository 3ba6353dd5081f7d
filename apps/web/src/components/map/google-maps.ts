import { runtimeConfig } from '../../lib/runtime-config.ts';
import { createStore } from '../../lib/store.ts';

/** SPEC §9: a maps authentication failure is checked for this long after the script loads. */
export const MAPS_FAILURE_CHECK_MS = 300;

/** What a drawn marker or circle answers: taken off its map with `setMap(null)`. */
export type MapDrawing = { setMap: (map: unknown) => void };
export type GoogleMapInstance = { fitBounds: (bounds: unknown, padding?: number) => void };

/** The slice of the Google Maps JS API the location views use (the package ships no types here). */
export type GoogleMaps = {
  Map: new (el: HTMLElement, options: Record<string, unknown>) => GoogleMapInstance;
  Marker: new (options: Record<string, unknown>) => MapDrawing;
  Circle: new (options: Record<string, unknown>) => MapDrawing;
  LatLngBounds: new () => { extend: (point: { lat: number; lng: number }) => void };
  marker?: { AdvancedMarkerElement: new (options: Record<string, unknown>) => unknown };
};

declare global {
  interface Window {
    google?: { maps?: GoogleMaps };
    gm_authFailure?: () => void;
    __vigilMapsReady?: () => void;
  }
}

/** SPEC §8: maps authentication failure is flagged for the app (the view then shows coordinates). */
export const mapsFailed = createStore(false);

let loading: Promise<GoogleMaps | null> | null = null;

/**
 * Loads Google Maps JS once, with the places and marker libraries (SPEC §7), using the runtime
 * maps key. Resolves null without a key, on a network failure, or when Google reports an
 * authentication failure within the check window.
 */
export function loadGoogleMaps(): Promise<GoogleMaps | null> {
  const { mapsKey } = runtimeConfig();
  if (!mapsKey) return Promise.resolve(null);
  if (mapsFailed.get()) return Promise.resolve(null);
  loading ??= new Promise<GoogleMaps | null>((resolve) => {
    window.gm_authFailure = () => mapsFailed.set(true);
    window.__vigilMapsReady = () => {
      window.setTimeout(() => resolve(mapsFailed.get() ? null : (window.google?.maps ?? null)), MAPS_FAILURE_CHECK_MS);
    };
    const script = document.createElement('script');
    const params = new URLSearchParams({ key: mapsKey, libraries: 'places,marker', loading: 'async', callback: '__vigilMapsReady' });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    script.onerror = () => {
      mapsFailed.set(true);
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A detail's lat/lng strings as numbers, or null when either is missing or not a coordinate. */
export function parsePosition(lat?: string, lng?: string): { lat: number; lng: number } | null {
  if (lat === undefined || lng === undefined || lat.trim() === '' || lng.trim() === '') return null;
  const la = Number(lat);
  const ln = Number(lng);
  if (!Number.isFinite(la) || !Number.isFinite(ln) || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { lat: la, lng: ln };
}
