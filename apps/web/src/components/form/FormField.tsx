import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues, get, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilesField, type FilesSpec } from './FilesField.tsx';
import { type TimeKind, timeText, timeValue } from './field-time.ts';
import { translateError } from './translate-error.ts';

export type FieldOption = { value: string | number; label: string };

/**
 * How a field is edited and what value it holds:
 * - `text` (default; a select when `options` are given): a string, or a number for `type: 'number'`;
 *   emptied, it holds null where the schema takes null (an optional text or number: "not given");
 *   `type: 'date'` edits a day kept as `YYYY-MM-DD` text (a birthday: a day in no zone);
 * - `checkbox`, `switch`: a boolean;
 * - `date`, `datetime`: unix seconds, as the contracts hold instants (a `date` is local midnight, in
 *   `utcOffsetMinutes`' zone when given); `time`: minutes after midnight; cleared, each holds null
 *   where the schema takes null, otherwise nothing, so a required one reads "required" (field-time.ts converts);
 * - `multiselect`: an array of the chosen option values, in the options' order;
 * - `autocomplete`: one option value (or null), picked by typing part of its label: for long
 *   lists such as the members in scope, where scrolling a select would be slow; with `multiple`,
 *   an array of the chosen values in the options' order;
 * - `files`: the stored names of the record's files (with `files.single`, the one file's stored
 *   name); each chosen file is uploaded at once through `files.upload` and the form's Save waits
 *   while an upload runs;
 * - `custom`: a value no standard input edits (a body map's marked sites), drawn by `render`.
 */
export type FieldKind = 'text' | 'checkbox' | 'switch' | 'date' | 'datetime' | 'time' | 'multiselect' | 'autocomplete' | 'files' | 'custom';

/** What a `custom` field's `render` gets: its value, the form's values, and the errors under it. */
export type CustomFieldProps<V extends FieldValues> = {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The form's values, for a field that follows others (a score from the tool and the sites). */
  values: V;
  /** The translated error of the field itself, or of a part of it (`'0.intensity'` in a list). */
  errorAt: (part?: string) => string | undefined;
};

export type FormFieldSpec<V extends FieldValues> = {
  name: FieldPath<V>;
  label: string;
  kind?: FieldKind;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number' | 'date';
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
  helperText?: string;
  /**
   * Renders a select (or, with kind `multiselect`, a multiple select) with these choices. A function
   * of the form's values when the choices follow another field (an organ's auscultation points): a
   * value no longer among them moves to the first choice.
   */
  options?: FieldOption[] | ((values: V) => FieldOption[]);
  /** Bounds the browser enforces in its picker or spinner, as the field holds its value (a `type: 'date'` text as `YYYY-MM-DD`). */
  min?: string | number;
  max?: string | number;
  /** Kind `date`: the zone of the day (minutes east of UTC), when it is not the browser's. */
  utcOffsetMinutes?: number;
  /** Whole numbers step by 1 unless said otherwise. */
  step?: number;
  /** Kind `autocomplete`: pick several (the value is an array). */
  multiple?: boolean;
  /** Kind `files`: how a chosen file is stored and SPEC §5's limits on the list. */
  files?: FilesSpec;
  /** Kind `custom`: draws the field (return an element, so the drawing may use hooks). */
  render?: (field: CustomFieldProps<V>) => ReactNode;
};

type Props<V extends FieldValues, Out extends FieldValues> = {
  spec: FormFieldSpec<V>;
  control: Control<V, unknown, Out>;
  autoFocus?: boolean;
  /** The schema takes null for this field: emptied, it holds null rather than '' or undefined. */
  emptyIsNull?: boolean;
};

/** An empty number input is "not given" (undefined), so the schema says "required" rather than NaN. */
const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const isTimeKind = (kind: FieldKind): kind is TimeKind => kind === 'date' || kind === 'datetime' || kind === 'time';

/** One field of the kit's form dialog, bound to react-hook-form, its error (an i18n key) translated. */
export function FormField<V extends FieldValues, Out extends FieldValues = V>({ spec, control, autoFocus, emptyIsNull }: Props<V, Out>) {
  const { t } = useTranslation();
  const kind = spec.kind ?? 'text';
  const dependent = typeof spec.options === 'function' || kind === 'custom';
  // Only a field whose choices follow others re-renders as the form's values change.
  const values = useWatch({ control, disabled: !dependent }) as V;
  const choices = typeof spec.options === 'function' ? spec.options(values) : spec.options;
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState, formState }) => {
        // A field left as it started says "required" only once Save is pressed: shown on its blur,
        // the line it adds would move what lies below between a press and its release, and the
        // click the user aimed (a body part, a button) would land beside it.
        const errorShown = fieldState.isDirty || formState.isSubmitted || fieldState.error?.type === 'server';
        const error = errorShown ? translateError(t, fieldState.error?.message) : undefined;
        const helper = error ?? spec.helperText;
        const helperId = helper ? `${field.name}-helper` : undefined;

        if (kind === 'checkbox' || kind === 'switch') {
          const Control = kind === 'checkbox' ? Checkbox : Switch;
          return (
            <FormControl error={Boolean(error)}>
              <FormControlLabel
                label={spec.label}
                control={
                  <Control
                    name={field.name}
                    checked={Boolean(field.value)}
                    onChange={(_e, checked) => field.onChange(checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoFocus={autoFocus}
                    slotProps={{ input: { 'aria-describedby': helperId } as object }}
                  />
                }
              />
              {helper && (
                <FormHelperText id={helperId} sx={{ mt: -0.5 }}>
                  {helper}
                </FormHelperText>
              )}
            </FormControl>
          );
        }

        if (kind === 'custom' && spec.render) {
          return <CustomField render={spec.render} name={field.name} label={spec.label} value={field.value} onChange={field.onChange} values={values} control={control} />;
        }

        if (kind === 'files' && spec.files) {
          const single = spec.files.single;
          const names = single ? (typeof field.value === 'string' ? [field.value] : []) : Array.isArray(field.value) ? (field.value as string[]) : [];
          return (
            <FilesField
              name={field.name}
              label={spec.label}
              spec={spec.files}
              value={names}
              onChange={(next) => {
                field.onChange(single ? (next[0] ?? (emptyIsNull ? null : undefined)) : next);
                field.onBlur();
              }}
              error={errorShown ? fieldState.error?.message : undefined}
              helperText={spec.helperText}
              required={spec.required}
            />
          );
        }

        if (kind === 'multiselect') {
          const chosen = Array.isArray(field.value) ? (field.value as (string | number)[]) : [];
          const options = choices ?? [];
          const labelOf = (v: string | number) => options.find((o) => o.value === v)?.label ?? String(v);
          return (
            <TextField
              select
              name={field.name}
              label={spec.label}
              required={spec.required}
              value={chosen}
              onChange={(e) => {
                // A multiple select hands over the chosen values as an array, whatever the event type says.
                const picked: unknown = e.target.value;
                const chosenNow = Array.isArray(picked) ? picked : [];
                // Keep the options' order so the value (and what the server stores) does not depend on click order.
                field.onChange(options.map((o) => o.value).filter((v) => chosenNow.includes(v)));
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoFocus={autoFocus}
              error={Boolean(error)}
              helperText={helper}
              fullWidth
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as (string | number)[]).map((v) => (
                        <Chip key={v} size="small" label={labelOf(v)} />
                      ))}
                    </Box>
                  ),
                },
              }}
            >
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  <Checkbox size="small" checked={chosen.includes(o.value)} sx={{ p: 0, mr: 1 }} tabIndex={-1} disableRipple />
                  <ListItemText primary={o.label} />
                </MenuItem>
              ))}
            </TextField>
          );
        }

        if (kind === 'autocomplete' && spec.multiple) {
          const options = choices ?? [];
          const chosen = Array.isArray(field.value) ? (field.value as (string | number)[]) : [];
          return (
            <Autocomplete<FieldOption, true>
              multiple
              options={options}
              value={options.filter((o) => chosen.includes(o.value))}
              // Keep the options' order, as a multi-select does, so the value does not depend on pick order.
              onChange={(_e, picked) => field.onChange(options.map((o) => o.value).filter((v) => picked.some((p) => p.value === v)))}
              onBlur={field.onBlur}
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.value === b.value}
              noOptionsText={t('common.noData')}
              filterSelectedOptions
              fullWidth
              renderInput={(params) => (
                <TextField {...params} name={field.name} label={spec.label} required={spec.required} inputRef={field.ref} autoFocus={autoFocus} error={Boolean(error)} helperText={helper} />
              )}
            />
          );
        }

        if (kind === 'autocomplete') {
          const options = choices ?? [];
          return (
            <Autocomplete<FieldOption>
              options={options}
              value={options.find((o) => o.value === field.value) ?? null}
              onChange={(_e, o) => field.onChange(o ? o.value : null)}
              onBlur={field.onBlur}
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.value === b.value}
              noOptionsText={t('common.noData')}
              fullWidth
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  label={spec.label}
                  required={spec.required}
                  inputRef={field.ref}
                  autoFocus={autoFocus}
                  error={Boolean(error)}
                  helperText={helper}
                />
              )}
            />
          );
        }

        const isTime = isTimeKind(kind);
        const isDate = isTime || spec.type === 'date';
        const isNumber = kind === 'text' && spec.type === 'number' && !choices;
        const inputType = isTime ? (kind === 'date' ? 'date' : kind === 'time' ? 'time' : 'datetime-local') : choices ? undefined : (spec.type ?? 'text');
        const zone = { utcOffsetMinutes: spec.utcOffsetMinutes };
        const shown = (v: unknown) => (isTime ? timeText(kind, v, zone) : v);
        const held = (text: string) => {
          const value = isTime ? timeValue(kind, text, zone) : isNumber ? toNumber(text) : text;
          if (value !== null && value !== undefined && value !== '') return value;
          return emptyIsNull ? null : isTime ? undefined : value;
        };
        return (
          <>
          {dependent && <KeepAmongChoices value={field.value} choices={choices ?? []} onChange={field.onChange} />}
          <TextField
            name={field.name}
            label={spec.label}
            type={inputType}
            value={shown(field.value) ?? ''}
            onChange={(e) => field.onChange(held(e.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoComplete={spec.autoComplete}
            required={spec.required}
            multiline={spec.multiline}
            minRows={spec.multiline ? 3 : undefined}
            autoFocus={autoFocus}
            select={Boolean(choices)}
            error={Boolean(error)}
            helperText={helper}
            fullWidth
            slotProps={{
              // A date input always shows its placeholder (yyyy/mm/dd), so the label must stay above it.
              inputLabel: isDate ? { shrink: true } : undefined,
              htmlInput: {
                min: shown(spec.min),
                max: shown(spec.max),
                step: isNumber ? (spec.step ?? 1) : kind === 'datetime' ? 60 : undefined,
              },
            }}
            // The browser's picker icon follows the page's colour scheme, so it stays visible in dark mode.
            sx={isDate ? (theme) => ({ '& input': { colorScheme: theme.palette.mode } }) : undefined}
          >
            {choices?.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          </>
        );
      }}
    />
  );
}

/** A select whose choices follow another field: its value moves to the first choice once it is no longer one. */
function KeepAmongChoices({ value, choices, onChange }: { value: unknown; choices: FieldOption[]; onChange: (value: unknown) => void }) {
  const missing = choices.length > 0 && !choices.some((o) => o.value === value);
  const first = choices[0]?.value;
  useEffect(() => {
    if (missing) onChange(first);
  }, [missing, first, onChange]);
  return null;
}

type CustomFieldHostProps<V extends FieldValues, Out extends FieldValues> = Pick<CustomFieldProps<V>, 'label' | 'value' | 'onChange' | 'values'> & {
  render: (field: CustomFieldProps<V>) => ReactNode;
  name: string;
  control: Control<V, unknown, Out>;
};

/** A `custom` field with its errors: the schema's and the server's, for the field and its parts. */
function CustomField<V extends FieldValues, Out extends FieldValues>({ render, name, label, value, onChange, values, control }: CustomFieldHostProps<V, Out>) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control, name: name as FieldPath<V> });
  const errorAt = (part?: string) => translateError(t, (get(errors, part ? `${name}.${part}` : name) as { message?: string } | undefined)?.message);
  return <>{render({ label, value, onChange, values, errorAt })}</>;
}
