import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import { saveBlob } from './download.ts';

/** Saves a chart as `<fileName>.png`; a failure shows SPEC §8's Download Failed toast. */
export function DownloadChartButton({ fileName, render }: { fileName: string; render: () => Promise<Blob> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t('vitals.chart.download');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              saveBlob(await render(), `${fileName}.png`);
            } catch {
              notifyError('error.downloadFailed');
            } finally {
              setBusy(false);
            }
          }}
        >
          <DownloadOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
