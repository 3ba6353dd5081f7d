import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { type GoogleMapInstance, type GoogleMaps, type MapDrawing, loadGoogleMaps } from './google-maps.ts';
import { removeWhenIdle } from './leaflet-teardown.ts';

export type MapPoint = {
  id: number;
  label: string;
  lat: number;
  lng: number;
  /** A point outside its zone is drawn in the error colour. */
  alert?: boolean;
  zone?: { lat: number; lng: number; radius: number } | null;
};

type Props = { points: readonly MapPoint[]; height?: number };

/**
 * Positions on a map (SPEC §7): the maps service with the key and map id from `/config.js` when a
 * key is set; otherwise Leaflet over the configured open tile address (`mapTiles`). Each point's
 * safe zone is drawn as a circle. With no tile address, or when the tiles do not load, the page
 * keeps the coordinates it shows as text and says why there is no map.
 */
export function PositionMap({ points, height = 360 }: Props) {
  const { t } = useTranslation();
  const { mapsKey, mapTiles } = runtimeConfig();
  const [failed, setFailed] = useState(false);
  // One function for the map's lifetime: the maps build in an effect keyed on it, so a new one on
  // every render (each live update of the points) tore the map down and built it again.
  const fail = useCallback(() => setFailed(true), []);
  if (!mapsKey && !mapTiles) return <Alert severity="info">{t('map.noTiles')}</Alert>;
  if (failed) return <Alert severity="warning">{t('map.failed')}</Alert>;
  return mapsKey ? (
    <GoogleMap points={points} height={height} onFail={fail} />
  ) : (
    <OpenMap points={points} height={height} tiles={mapTiles} onFail={fail} />
  );
}

type MapProps = Props & { height: number; onFail: () => void };

const defaultCentre = { lat: 25.033, lng: 121.565 };

function OpenMap({ points, height, tiles, onFail }: MapProps & { tiles: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const map = useRef<import('leaflet').Map | null>(null);
  const layer = useRef<import('leaflet').LayerGroup | null>(null);
  const [leaflet, setLeaflet] = useState<typeof import('leaflet') | null>(null);

  useEffect(() => {
    let cancelled = false;
    let remove = () => {};
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([L]) => {
      if (cancelled || !host.current) return;
      const m = L.map(host.current, { attributionControl: true }).setView(defaultCentre, 13);
      remove = removeWhenIdle(m);
      let loaded = false;
      const tileLayer = L.tileLayer(tiles, { maxZoom: 19, attribution: '© OpenStreetMap' });
      tileLayer.on('tileload', () => (loaded = true));
      // One failed tile is noise; no tile at all means no map, and the coordinates must do.
      tileLayer.on('tileerror', () => {
        if (!loaded) onFail();
      });
      tileLayer.addTo(m);
      map.current = m;
      layer.current = L.layerGroup().addTo(m);
      setLeaflet(L);
    });
    return () => {
      cancelled = true;
      remove();
      map.current = null;
      layer.current = null;
    };
  }, [tiles, onFail]);

  useEffect(() => {
    const L = leaflet;
    if (!L || !map.current || !layer.current) return;
    layer.current.clearLayers();
    const bounds: [number, number][] = [];
    for (const p of points) {
      const colour = p.alert ? theme.palette.error.main : theme.palette.primary.main;
      if (p.zone) L.circle([p.zone.lat, p.zone.lng], { radius: p.zone.radius, color: theme.palette.success.main, weight: 1, fillOpacity: 0.08 }).addTo(layer.current);
      L.circleMarker([p.lat, p.lng], { radius: 7, color: colour, fillColor: colour, fillOpacity: 0.9 }).bindTooltip(p.label).addTo(layer.current);
      bounds.push([p.lat, p.lng]);
    }
    if (bounds.length) map.current.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
  }, [leaflet, points, theme]);

  return <Box ref={host} role="region" aria-label={t('map.label')} sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }} />;
}

function GoogleMap({ points, height, onFail }: MapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const [maps, setMaps] = useState<{ api: GoogleMaps; map: GoogleMapInstance } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const { mapId } = runtimeConfig();
    void loadGoogleMaps().then((api) => {
      if (cancelled) return;
      if (!api || !host.current) return onFail();
      setMaps({ api, map: new api.Map(host.current, { center: defaultCentre, zoom: 13, ...(mapId ? { mapId } : {}), streetViewControl: false }) });
    });
    return () => {
      cancelled = true;
    };
  }, [onFail]);

  useEffect(() => {
    if (!maps) return;
    const { api, map } = maps;
    const drawn: MapDrawing[] = [];
    const bounds = new api.LatLngBounds();
    for (const p of points) {
      if (p.zone)
        drawn.push(
          new api.Circle({ map, center: { lat: p.zone.lat, lng: p.zone.lng }, radius: p.zone.radius, strokeColor: theme.palette.success.main, strokeWeight: 1, fillOpacity: 0.08 }),
        );
      drawn.push(new api.Marker({ map, position: { lat: p.lat, lng: p.lng }, title: p.label, label: p.alert ? '!' : undefined }));
      bounds.extend({ lat: p.lat, lng: p.lng });
    }
    if (points.length) map.fitBounds(bounds, 32);
    return () => drawn.forEach((d) => d.setMap(null));
  }, [maps, points, theme]);

  return <Box ref={host} role="region" aria-label={t('map.label')} sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }} />;
}
