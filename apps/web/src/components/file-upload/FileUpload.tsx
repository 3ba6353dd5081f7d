import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { type FileRules, validateFiles } from './file-rules.ts';

type Props = FileRules & {
  /** Called with the chosen files only when they pass every rule. */
  onFiles: (files: File[]) => void;
  label?: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
};

/** A file chooser enforcing SPEC §5's count, size and type limits, with the reason shown beneath. */
export function FileUpload({ onFiles, label, hint, disabled, variant = 'outlined', ...rules }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const [error, setError] = useState<string | null>(null);
  const multiple = (rules.maxCount ?? 1) > 1;
  const accept = rules.extensions?.map((e) => `.${e}`).join(',');

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    const problem = validateFiles(files, rules);
    if (problem) {
      setError(t(problem.key, problem.params));
      return;
    }
    setError(null);
    onFiles(files);
  };

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant={variant}
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={helperId}
      >
        {label ?? (multiple ? t('upload.chooseMany') : t('upload.choose'))}
      </Button>
      <input ref={input} type="file" hidden accept={accept} multiple={multiple} onChange={change} data-testid="file-input" />
      <FormHelperText id={helperId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </FormHelperText>
    </Stack>
  );
}
