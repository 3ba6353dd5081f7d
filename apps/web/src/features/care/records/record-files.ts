import { CARE_ATTACHMENT_LIMIT, CARE_ATTACHMENT_MAX_MB, REPORT_FILE_MAX_MB, STETHOSCOPE_AUDIO_MAX_MB } from '@vigil/contracts';
import type { FilesSpec } from '../../../components/form/FormDialog.tsx';
import { uploadFile } from '../../../lib/stored-files.ts';

/** SPEC §5's limits on each care record's files, as the kit's `files` field takes them. */

const images = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** Meal photos: images. */
export const mealPhotos: FilesSpec = { upload: (f) => uploadFile('/file/diet', f), extensions: images, maxCount: CARE_ATTACHMENT_LIMIT, maxSizeMB: CARE_ATTACHMENT_MAX_MB };

/** Symptom photos: images. */
export const symptomPhotos: FilesSpec = { upload: (f) => uploadFile('/file/symptiom', f), extensions: images, maxCount: CARE_ATTACHMENT_LIMIT, maxSizeMB: CARE_ATTACHMENT_MAX_MB };

/** Health reports and medical-record attachments: PDFs and images. */
export const reportFiles: FilesSpec = {
  upload: (f) => uploadFile('/file/report', f),
  extensions: ['pdf', ...images],
  maxCount: CARE_ATTACHMENT_LIMIT,
  maxSizeMB: REPORT_FILE_MAX_MB,
};

/** A stethoscope recording: one audio file. */
export const stethoscopeAudio: FilesSpec = {
  upload: (f) => uploadFile('/file/stethoscope', f),
  extensions: ['wav', 'mp3', 'm4a'],
  maxCount: 1,
  maxSizeMB: STETHOSCOPE_AUDIO_MAX_MB,
  single: true,
};
