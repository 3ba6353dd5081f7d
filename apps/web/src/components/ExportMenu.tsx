import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { exportFormats, type ExportFormat, type ExportJob } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { downloadExportJob, exportList } from '../lib/export.ts';
import type { Query } from '../lib/http.ts';
import { usePermission } from '../lib/session.ts';

type Props = {
  /** The list's path ('/abnormal'): the export is GET {path}/export with the list's own permission. */
  path: string;
  /** The list's filters and order as the page shows them (paging is left out: the whole list is exported). */
  query: Query;
  /** The file's name without its extension, in the user's language. */
  fileName: string;
};

/**
 * The Export menu of a list page: CSV or Excel of every row the filters match, made by the server
 * in the user's language. Disabled without the list's permission, like the list itself. A large
 * list is made as a job on the server: the button shows its rows done of the total, then turns
 * into a Download button for the ready file.
 */
export function ExportMenu({ path, query, fileName }: Props) {
  const { t } = useTranslation();
  const menuId = useId();
  const allowed = usePermission('GET', path);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<ExportJob | null>(null);
  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const answer = await exportList(path, query, format, fileName, setJob);
      if (typeof answer !== 'object') setJob(null);
    } catch {
      setJob(null);
    } finally {
      setBusy(false);
    }
  };
  if (job?.status === 'ready')
    return (
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        onClick={() => void downloadExportJob(job, fileName).then((saved) => saved && setJob(null))}
      >
        {t('export.download', { rows: job.rows_done })}
      </Button>
    );
  const progress = busy && job ? t('export.progress', { done: job.rows_done, total: job.rows_total }) : null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-label={t('export.preparing')} /> : <DownloadIcon />}
        disabled={!allowed || busy}
        title={allowed ? undefined : t('common.noPermission')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        {progress ?? (busy ? t('export.preparing') : t('export.menu'))}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {exportFormats.map((format) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
