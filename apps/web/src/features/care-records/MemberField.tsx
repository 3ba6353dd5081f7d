import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type MemberRow, Resource, memberRow } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useResourceOptions } from '../../components/resource/index.ts';
import { useMemberTerm } from '../../lib/member-term.ts';

/** A searchable member picker over the members in the caller's scope (name, area and room). */
export function MemberField(props: { value: number | null; onChange: (id: number | null) => void; error?: string; required?: boolean; size?: 'small' | 'medium'; minWidth?: number }) {
  const { t } = useTranslation();
  const { label } = useMemberTerm();
  const members = useResourceOptions(Resource.user, memberRow);
  const options = members.data ?? [];
  return (
    <Autocomplete<MemberRow>
      size={props.size}
      sx={{ minWidth: props.minWidth ?? 240 }}
      options={options}
      value={options.find((m) => m.id === props.value) ?? null}
      loading={members.isFetching}
      onChange={(_e, m) => props.onChange(m?.id ?? null)}
      getOptionLabel={(m) => [m.name, m.area_name, m.room].filter(Boolean).join(' · ')}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('common.noData')}
      loadingText={t('common.loading')}
      renderInput={(params) => <TextField {...params} label={label} required={props.required} error={Boolean(props.error)} helperText={props.error} />}
    />
  );
}
