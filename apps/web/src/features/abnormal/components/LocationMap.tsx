import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { loadGoogleMaps } from '../../../components/map/google-maps.ts';

type Props = { lat: number; lng: number };

/**
 * Where a located device raised its alert. With a maps key the position is shown on Google Maps;
 * without one, or when Maps fails, the coordinates are shown as text with a link, so the view is
 * never a broken map.
 */
export function LocationMap({ lat, lng }: Props) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'map' | 'fallback'>(runtimeConfig().mapsKey ? 'loading' : 'fallback');

  useEffect(() => {
    if (state !== 'loading') return;
    let cancelled = false;
    void loadGoogleMaps().then((maps) => {
      if (cancelled) return;
      if (!maps || !el.current) return setState('fallback');
      const { mapId } = runtimeConfig();
      const position = { lat, lng };
      const map = new maps.Map(el.current, { center: position, zoom: 16, ...(mapId ? { mapId } : {}), streetViewControl: false });
      // Advanced markers need a map id; without one the classic marker still marks the spot.
      if (mapId && maps.marker) new maps.marker.AdvancedMarkerElement({ map, position });
      else new maps.Marker({ map, position });
      setState('map');
    });
    return () => {
      cancelled = true;
    };
  }, [state, lat, lng]);

  const coordinates = `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
  return (
    <Box>
      {state !== 'fallback' && (
        <Box
          ref={el}
          role="img"
          aria-label={t('abnormal.location.mapLabel', { coordinates })}
          sx={{ height: 240, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <PlaceOutlinedIcon fontSize="small" color="action" />
        <Typography variant="body2" data-testid="abnormal-coordinates">
          {t('abnormal.location.coordinates', { coordinates })}
        </Typography>
        <Link
          variant="body2"
          href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('abnormal.location.open')}
        </Link>
      </Box>
      {state === 'fallback' && runtimeConfig().mapsKey !== '' && (
        <Typography variant="caption" color="text.secondary">
          {t('abnormal.location.unavailable')}
        </Typography>
      )}
    </Box>
  );
}
