import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { WaveformChart } from '../../../components/charts/WaveformChart.tsx';
import { downloadFile, useObjectUrl, useStoredFile } from '../../../lib/stored-files.ts';

/** Samples of a recording for its waveform: decoded by the browser, at most this many points a second. */
const WAVEFORM_RATE = 400;

async function decodeWaveform(blob: Blob): Promise<{ samples: number[]; rate: number }> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    const channel = audio.getChannelData(0);
    const step = Math.max(1, Math.floor(audio.sampleRate / WAVEFORM_RATE));
    const samples: number[] = [];
    // Each point keeps the loudest sample of its step, so heart sounds stay visible.
    for (let i = 0; i < channel.length; i += step) {
      let peak = 0;
      for (let j = i; j < Math.min(i + step, channel.length); j++) if (Math.abs(channel[j]) > Math.abs(peak)) peak = channel[j];
      samples.push(Math.round(peak * 1000) / 1000);
    }
    return { samples, rate: audio.sampleRate / step };
  } finally {
    void context.close();
  }
}

/**
 * A stethoscope recording: the browser's player, its waveform and a download. SPEC §8: a playback
 * failure is only logged (the console), never shown as an error to the user.
 */
export function AudioPlayer({ name, recordId, title }: { name: string; recordId: number; title: string }) {
  const { t } = useTranslation();
  const file = useStoredFile('/file/stethoscope', name, recordId);
  const url = useObjectUrl(file.data);
  const [wave, setWave] = useState<{ samples: number[]; rate: number } | null>(null);
  useEffect(() => {
    if (!file.data) return;
    let live = true;
    decodeWaveform(file.data).then(
      (w) => live && setWave(w),
      (error: unknown) => console.error('stethoscope recording could not be decoded', error),
    );
    return () => {
      live = false;
    };
  }, [file.data]);
  if (file.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (file.isError) return <Alert severity="error">{t('careRecords.stethoscope.loadFailed')}</Alert>;
  return (
    <Stack spacing={1.5}>
      {url && (
        <audio
          controls
          src={url}
          aria-label={t('careRecords.stethoscope.player', { title })}
          style={{ width: '100%' }}
          onError={(e) => console.error('stethoscope playback failed', e.currentTarget.error)}
        />
      )}
      {wave && (
        <WaveformChart
          samples={wave.samples}
          sampleRate={wave.rate}
          title={t('careRecords.stethoscope.waveform', { title })}
          unit={t('careRecords.stethoscope.amplitude')}
          secondsLabel={t('vitals.ecg.seconds')}
          fileName={`stethoscope-${recordId}`}
        />
      )}
      <Button
        startIcon={<DownloadIcon />}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => void downloadFile('/file/stethoscope', name, recordId, name).catch(() => undefined)}
      >
        {t('careRecords.download')}
      </Button>
    </Stack>
  );
}
