import { useState } from 'react';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { StoredFilesDialog } from '../../../components/file-upload/StoredFiles.tsx';
import type { RecordFileFolder } from '../../../lib/stored-files.ts';

/** A row's "Files" action and the dialog it opens: the record's files, previewed and downloadable. */
export function useFilesAction<R extends { id: number }>(folder: RecordFileFolder, namesOf: (row: R) => string[], titleOf: (row: R) => string) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<R | null>(null);
  return {
    action: {
      id: 'files',
      label: (r: R) => t('careRecords.files', { count: namesOf(r).length }),
      icon: <AttachFileIcon fontSize="small" />,
      onClick: setViewing,
      permission: { method: 'GET' as const, route: `${folder}/{id}` },
      disabled: (r: R) => namesOf(r).length === 0,
    },
    dialog: viewing && <StoredFilesDialog folder={folder} names={namesOf(viewing)} recordId={viewing.id} title={titleOf(viewing)} onClose={() => setViewing(null)} />,
  };
}
