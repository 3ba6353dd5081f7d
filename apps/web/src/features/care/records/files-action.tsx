import AttachFileIcon from '@mui/icons-material/AttachFile';
import type { TFunction } from 'i18next';
import { StoredFilesDialog } from '../../../components/file-upload/StoredFiles.tsx';
import type { RecordFileFolder } from '../../../lib/stored-files.ts';
import type { RowView } from './CareRecordList.tsx';

/** A row's "Files" view: the record's files, previewed and downloadable. */
export function filesView<R extends { id: number }>(t: TFunction, folder: RecordFileFolder, namesOf: (row: R) => string[], titleOf: (row: R) => string): RowView<R> {
  return {
    id: 'files',
    label: (r) => t('careRecords.files', { count: namesOf(r).length }),
    icon: <AttachFileIcon fontSize="small" />,
    permission: { method: 'GET', route: `${folder}/{id}` },
    disabled: (r) => namesOf(r).length === 0,
    render: (r, onClose) => <StoredFilesDialog folder={folder} names={namesOf(r)} recordId={r.id} title={titleOf(r)} onClose={onClose} />,
  };
}
