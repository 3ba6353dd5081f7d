import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ecgStatusLabelKey } from '@vigil/contracts';
import { WaveformChart } from '../../../components/charts/WaveformChart.tsx';
import { useEcgDetail } from '../api.ts';

/** An ECG's trace, loaded when the row's waveform button is pressed. */
export function EcgWaveformDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useEcgDetail(id);
  const status = detail.data ? ecgStatusLabelKey[detail.data.status as keyof typeof ecgStatusLabelKey] : undefined;
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('vitals.ecg.waveform')}</DialogTitle>
      <DialogContent>
        {detail.isPending && <CircularProgress aria-label={t('common.loading')} />}
        {detail.isError && <Alert severity="error">{t('vitals.loadFailed')}</Alert>}
        {detail.data && (
          <>
            <Typography sx={{ mb: 1 }}>
              {status ? t(status) : '-'}
              {detail.data.heart_rate != null && ` · ${detail.data.heart_rate} ${t('enum.unit.bpm')}`}
            </Typography>
            {detail.data.samples.length > 0 && detail.data.sample_rate ? (
              <WaveformChart
                samples={detail.data.samples}
                sampleRate={detail.data.sample_rate}
                title={t('vitals.ecg.waveform')}
                unit={t('enum.unit.mv')}
                secondsLabel={t('vitals.ecg.seconds')}
                fileName={`ecg-${detail.data.id}`}
              />
            ) : (
              <Typography color="text.secondary">{t('vitals.ecg.noTrace')}</Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
