import { createContext, useContext, useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../file-upload/FileUpload.tsx';
import { ApiError } from '../../lib/http.ts';
import { translateError } from './translate-error.ts';

/** What a `files` field uploads and how many, how large and of which types (SPEC §5). */
export type FilesSpec = {
  /** Stores one file and resolves to the name the server gave it; an ApiError -5 is shown under the field. */
  upload: (file: File) => Promise<string>;
  /** Lower-case extensions without the dot, e.g. ['png', 'jpg', 'jpeg', 'webp']. */
  extensions: readonly string[];
  maxCount: number;
  maxSizeMB: number;
  /** One file (`maxCount` 1): the field holds its stored name rather than a list. */
  single?: boolean;
};

/**
 * The form dialog's count of uploads under way: its Save waits for them, since a record saved
 * before its file's name came back would not name the file.
 */
export const UploadsContext = createContext<(delta: 1 | -1) => void>(() => undefined);

type Props = {
  name: string;
  label: string;
  spec: FilesSpec;
  value: string[];
  onChange: (names: string[]) => void;
  /** The form's own error for the list (an i18n key: too many files). */
  error?: string;
  helperText?: string;
  required?: boolean;
};

/**
 * A list of stored files: each chosen file is uploaded at once and its stored name added to the
 * value; attached files show as chips (the chosen file's own name, when this dialog uploaded it)
 * that remove it from the list. The server's reason for refusing a file (-5) shows beneath.
 */
export function FilesField({ name, label, spec, value, onChange, error, helperText, required }: Props) {
  const { t } = useTranslation();
  const track = useContext(UploadsContext);
  const [uploading, setUploading] = useState(0);
  const [refused, setRefused] = useState<string | null>(null);
  // Stored name → the name the user chose, so a chip reads "blood-test.pdf", not a random name.
  const [chosenNames, setChosenNames] = useState<Record<string, string>>({});
  const remaining = spec.maxCount - value.length;
  const helperId = `${name}-helper`;

  const add = async (files: File[]) => {
    setRefused(null);
    setUploading((n) => n + files.length);
    files.forEach(() => track(1));
    const names: string[] = [];
    // One at a time, in the order chosen, so the record lists them as the user picked them.
    for (const file of files) {
      try {
        const stored = await spec.upload(file);
        names.push(stored);
        setChosenNames((known) => ({ ...known, [stored]: file.name }));
      } catch (e) {
        if (e instanceof ApiError && e.errors.length > 0) setRefused(translateError(t, e.errors[0].message) ?? null);
        else setRefused(t('upload.failed'));
      } finally {
        setUploading((n) => n - 1);
        track(-1);
      }
    }
    if (names.length > 0) onChange([...value, ...names].slice(0, spec.maxCount));
  };

  const message = refused ?? translateError(t, error) ?? helperText;
  return (
    <FormControl error={Boolean(refused ?? error)} component="fieldset" sx={{ gap: 1 }}>
      <FormLabel component="legend" required={required} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <FileUpload
        extensions={spec.extensions}
        maxCount={Math.max(remaining, 1)}
        maxSizeMB={spec.maxSizeMB}
        onFiles={(files) => void add(files)}
        disabled={remaining <= 0 || uploading > 0}
        hint={t('upload.hint', { types: spec.extensions.map((e) => e.toUpperCase()).join(', '), max: spec.maxSizeMB, limit: spec.maxCount })}
      />
      {uploading > 0 && <LinearProgress aria-label={t('upload.uploading')} />}
      {value.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('upload.attached')} role="list">
          {value.map((stored) => {
            const shown = chosenNames[stored] ?? stored;
            return (
              <Chip
                key={stored}
                role="listitem"
                icon={<AttachFileIcon />}
                label={shown}
                onDelete={() => onChange(value.filter((v) => v !== stored))}
                deleteIcon={<CancelIcon role="button" aria-hidden={false} aria-label={t('upload.remove', { name: shown })} />}
                sx={{ maxWidth: 1 }}
              />
            );
          })}
        </Stack>
      )}
      {message && (
        <FormHelperText id={helperId} role={refused ? 'alert' : undefined}>
          {message}
        </FormHelperText>
      )}
    </FormControl>
  );
}
