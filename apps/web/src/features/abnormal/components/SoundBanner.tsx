import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../lib/store.ts';
import { SOUND_BANNER_ATTRIBUTE, soundState, testChime } from '../sound/player.ts';

/**
 * Shown beside the bell whenever the alert chime cannot be heard. Pressing it plays the chime, which
 * is the user gesture the browser waits for; the banner goes only once the chime has played, and
 * says so when it still could not (no output device), so a nurse knows whether sound works.
 */
export function SoundBanner() {
  const { t } = useTranslation();
  const state = useStore(soundState);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (state === 'on') return null;
  const label = state === 'failed' ? t('abnormal.sound.failed') : t('abnormal.sound.blocked');
  const press = () => void testChime();
  const marker = { [SOUND_BANNER_ATTRIBUTE]: '', 'data-state': state, 'data-testid': 'sound-blocked' };
  if (narrow) {
    return (
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={press} {...marker} sx={{ bgcolor: 'warning.main', color: 'warning.contrastText' }}>
          <VolumeOffIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button variant="contained" color="warning" size="small" startIcon={<VolumeOffIcon />} onClick={press} {...marker} sx={{ mx: 1, whiteSpace: 'nowrap' }}>
      {label}
    </Button>
  );
}
