import { CARE_ATTACHMENT_LIMIT, CARE_ATTACHMENT_MAX_MB, REPORT_FILE_MAX_MB, STETHOSCOPE_AUDIO_MAX_MB } from '@vigil/contracts';
import type { FilesSpec } from '../../../components/form/FormDialog.tsx';
import { type RecordFileFolder, uploadFile } from '../../../lib/stored-files.ts';

/** SPEC §5's limits on each care record's files, as the kit's `files` field takes them. */

const images = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** Files stored in `folder`: by default as many as a care record may carry, each at most the attachment size. */
const stored = (folder: RecordFileFolder, extensions: readonly string[], maxSizeMB = CARE_ATTACHMENT_MAX_MB): FilesSpec => ({
  upload: (f) => uploadFile(folder, f),
  extensions,
  maxCount: CARE_ATTACHMENT_LIMIT,
  maxSizeMB,
});

/** Meal photos: images. */
export const mealPhotos = stored('/file/diet', images);

/** Symptom photos: images. */
export const symptomPhotos = stored('/file/symptiom', images);

/** Health reports and medical-record attachments: PDFs and images. */
export const reportFiles = stored('/file/report', ['pdf', ...images], REPORT_FILE_MAX_MB);

/** A stethoscope recording: one audio file. */
export const stethoscopeAudio: FilesSpec = { ...stored('/file/stethoscope', ['wav', 'mp3', 'm4a'], STETHOSCOPE_AUDIO_MAX_MB), maxCount: 1, single: true };
