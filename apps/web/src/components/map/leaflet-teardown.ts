import type { Map as LeafletMap } from 'leaflet';

/**
 * How to remove a Leaflet map at any moment. Leaflet 1.9 ends a zoom animation from a 250 ms
 * timer that reads the map's panes; a map removed before it fires throws
 * `TypeError: Cannot read properties of undefined (reading '_leaflet_pos')` (Leaflet/Leaflet#9575,
 * open in 1.9.4). That is what happened when tiles were unreachable: the first framing of the
 * points starts a zoom, the first tile error replaces the map by the coordinates, and the timer
 * then finds no pane. So a map removed mid-zoom goes once its zoom has ended, on the next tick
 * (not inside Leaflet's own zoomend dispatch).
 */
export function removeWhenIdle(map: LeafletMap): () => void {
  let zooming = false;
  map.on('zoomanim', () => (zooming = true));
  map.on('zoomend', () => (zooming = false));
  return () => {
    if (!zooming) {
      map.remove();
      return;
    }
    map.once('zoomend', () => setTimeout(() => map.remove()));
  };
}
