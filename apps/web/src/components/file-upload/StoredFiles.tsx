import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'react-i18next';
import { type RecordFileFolder, downloadFile, useObjectUrl, useStoredFile } from '../../lib/stored-files.ts';
import { extensionOf } from './file-rules.ts';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp']);

type Props = {
  folder: RecordFileFolder;
  names: readonly string[];
  /** The record naming the files: the server serves a file only to those who may read it. */
  recordId: number;
  /** Names the downloaded copies: "<title> 1.png", "<title> 2.pdf". */
  title: string;
};

/** A record's stored files: images as previews, other files (PDFs) by an icon, each with a download button. */
export function StoredFiles({ folder, names, recordId, title }: Props) {
  const { t } = useTranslation();
  if (names.length === 0) return <Typography color="text.secondary">{t('upload.none')}</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} role="list" aria-label={t('upload.attached')}>
      {names.map((name, i) => (
        <StoredFile key={name} folder={folder} name={name} recordId={recordId} fileName={`${title} ${i + 1}.${extensionOf(name)}`} />
      ))}
    </Stack>
  );
}

function StoredFile({ folder, name, recordId, fileName }: { folder: RecordFileFolder; name: string; recordId: number; fileName: string }) {
  const { t } = useTranslation();
  const image = IMAGE_EXTENSIONS.has(extensionOf(name));
  // Only images are fetched to be shown; a PDF is fetched when the user downloads it.
  const file = useStoredFile(folder, image ? name : null, recordId);
  const url = useObjectUrl(file.data);
  return (
    <Stack role="listitem" spacing={1} sx={{ width: { xs: 1, sm: 200 } }}>
      <Box
        sx={{
          height: 150,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
      >
        {!image ? (
          <PictureAsPdfIcon color="action" sx={{ fontSize: 56 }} aria-hidden />
        ) : file.isPending ? (
          <CircularProgress size={24} aria-label={t('common.loading')} />
        ) : url ? (
          <Box component="img" src={url} alt={fileName} sx={{ maxWidth: 1, maxHeight: 1, objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="error" sx={{ p: 1, textAlign: 'center' }}>
            {t('upload.previewFailed')}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void downloadFile(folder, name, recordId, fileName).catch(() => undefined)}
        aria-label={t('upload.download', { name: fileName })}
      >
        {t('careRecords.download')}
      </Button>
    </Stack>
  );
}

/** A record's files in a dialog: what a list row's "Files" action opens. */
export function StoredFilesDialog({ onClose, ...files }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="stored-files-title">
      <DialogTitle id="stored-files-title">{files.title}</DialogTitle>
      <DialogContent>
        <StoredFiles {...files} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
