import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type MemberRow, Resource, memberResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useResourceOptions } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { usePermission } from '../../../lib/session.ts';

/**
 * The one member picker of the care records: the members in scope, searchable by name and area,
 * as a form's `autocomplete` field (`useMemberField`) or, outside a form, as `MemberPicker`. A role
 * without the member list gets none: the member-care area and the alert still fix the member.
 * `writable` keeps to the members the caller may write records for: a form offers only those, a
 * list's filter every member whose records the caller reads (a related organisation's too).
 */
export function useMemberOptions(writable = false) {
  const allowed = usePermission('GET', Resource.user);
  const members = useResourceOptions(memberResource, writable ? { writable: 1 } : {}, allowed);
  return useMemo(() => (members.data ?? []).map((m: MemberRow) => ({ value: m.id, label: m.area_name ? `${m.name} · ${m.area_name}` : m.name })), [members.data]);
}

/**
 * The member field of a create form (fixed, and so pre-filled, in the member-care area), named with
 * the organisation's word for its members; its label also heads the lists' member column.
 */
export function useMemberField() {
  const { label } = useMemberTerm();
  const options = useMemberOptions(true);
  return useMemo(() => ({ name: 'member_id' as const, label, kind: 'autocomplete' as const, required: true, options }), [label, options]);
}

export type MemberField = ReturnType<typeof useMemberField>;

type PickerProps = { value: number | null; onChange: (id: number | null) => void; error?: string; required?: boolean; size?: 'small' | 'medium' };

/** The member picker outside the kit's forms: a list's member filter, a hand-laid dialog's member. */
export function MemberPicker({ value, onChange, error, required, size }: PickerProps) {
  const { t } = useTranslation();
  const { label } = useMemberTerm();
  const options = useMemberOptions();
  return (
    <Autocomplete
      size={size}
      sx={{ minWidth: 240 }}
      options={options}
      value={options.find((o) => o.value === value) ?? null}
      onChange={(_e, o) => onChange(o?.value ?? null)}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      noOptionsText={t('common.noData')}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />}
    />
  );
}
