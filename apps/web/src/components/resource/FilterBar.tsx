import { type FormEvent, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { ValidationMessage, hasSpecialCharacters, UNSET } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { translateError } from '../form/translate-error.ts';
import type { ListFilters } from './api.ts';
import { FilterPanel } from './FilterPanel.tsx';

export type FilterOption = { value: number; label: string };
export type FilterSpec =
  | { name: string; label: string; kind: 'text' }
  | { name: string; label: string; kind: 'select'; options: FilterOption[] };

/** A search text must not be only spaces nor carry SPEC §5's special characters (the server says the same). */
function textError(value: string): string | undefined {
  if (value.length > 0 && value.trim().length === 0) return ValidationMessage.notBlank;
  if (hasSpecialCharacters(value)) return ValidationMessage.specialChars;
  return undefined;
}

type Props = {
  specs: FilterSpec[];
  value: ListFilters;
  onChange: (filters: ListFilters) => void;
  children?: React.ReactNode;
  /** How many of the extra controls narrow the list now (counted on the phone's Filters button). */
  extraActive?: number;
};

/**
 * Search bar above a list: texts apply on Search (or Enter), selects at once; "all" is SPEC §3's
 * unset (-1, sent as absent). `children` holds extra controls such as a date range. On a phone the
 * bar sits in a drawer behind a Filters button (FilterPanel); Search closes it.
 */
export function FilterBar({ specs, value, onChange, children, extraActive = 0 }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      specs.filter((s) => s.kind === 'text').map((s) => [s.name, String(value[s.name] ?? '')]),
    ),
  );
  const errors = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, textError(v)]));
  const invalid = Object.values(errors).some(Boolean);

  const active = specs.filter((s) => value[s.name] !== undefined).length + extraActive;

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (invalid) return;
    const texts = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim() || undefined]));
    onChange({ ...value, ...texts });
    close();
  };

  return (
    <FilterPanel active={active}>
      {(close) => (
        <Stack
          component="form"
          role="search"
          onSubmit={(e) => submit(e, close)}
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap', rowGap: 1.5 }}
        >
          {specs.map((spec) =>
            spec.kind === 'text' ? (
              <TextField
                key={spec.name}
                size="small"
                label={spec.label}
                value={draft[spec.name] ?? ''}
                onChange={(e) => setDraft({ ...draft, [spec.name]: e.target.value })}
                error={Boolean(errors[spec.name])}
                helperText={translateError(t, errors[spec.name])}
                // Wide enough for the longest label ("Related organisation name") to show whole.
                sx={{ minWidth: 250 }}
              />
            ) : (
              <TextField
                key={spec.name}
                select
                size="small"
                label={spec.label}
                value={value[spec.name] ?? UNSET}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  onChange({ ...value, [spec.name]: v === UNSET ? undefined : v });
                }}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value={UNSET}>{t('common.all')}</MenuItem>
                {spec.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            ),
          )}
          {children}
          {specs.some((s) => s.kind === 'text') && (
            <Button
              type="submit"
              variant="outlined"
              startIcon={<SearchIcon />}
              disabled={invalid}
              sx={{ height: 40 }}
            >
              {t('common.search')}
            </Button>
          )}
        </Stack>
      )}
    </FilterPanel>
  );
}
