import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateError } from './translate-error.ts';

type Props<V extends FieldValues, Out extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<V>;
  control: Control<V, unknown, Out>;
};

/** A TextField bound to react-hook-form whose error (an i18n key from contracts) is shown translated. */
export function FormTextField<V extends FieldValues, Out extends FieldValues = V>({ name, control, helperText, ...rest }: Props<V, Out>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={translateError(t, fieldState.error?.message) ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
