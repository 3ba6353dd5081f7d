import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../lib/store.ts';
import { soundBlocked, testChime } from '../sound/player.ts';

/**
 * Shown beside the bell whenever the browser blocks the alert chime; one click plays it, which is
 * the user gesture the browser waits for, and the banner goes once the chime has played.
 */
export function SoundBanner() {
  const { t } = useTranslation();
  const blocked = useStore(soundBlocked);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!blocked) return null;
  const label = t('abnormal.sound.blocked');
  if (narrow) {
    return (
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={testChime} data-testid="sound-blocked" sx={{ bgcolor: 'warning.main', color: 'warning.contrastText' }}>
          <VolumeOffIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="contained"
      color="warning"
      size="small"
      startIcon={<VolumeOffIcon />}
      onClick={testChime}
      data-testid="sound-blocked"
      sx={{ mx: 1, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
