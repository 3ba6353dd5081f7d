import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type MemberOption, useMemberOptions } from '../api.ts';

/** Chooses the member a reading page shows when the route has no member id (SPEC §2). */
export function MemberPicker({ value, onChange }: { value: number | null; onChange: (memberId: number) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const members = useMemberOptions(keyword);
  const options = members.data ?? [];
  const selected = options.find((m) => m.id === value) ?? (value !== null ? { id: value, name: `#${value}` } : null);
  return (
    <Autocomplete<MemberOption>
      size="small"
      sx={{ width: 280 }}
      options={options}
      value={selected}
      loading={members.isFetching}
      filterOptions={(o) => o}
      getOptionLabel={(m) => m.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => reason === 'input' && setKeyword(text)}
      onChange={(_e, m) => m && onChange(m.id)}
      noOptionsText={t('common.noData')}
      loadingText={t('common.loading')}
      renderInput={(params) => <TextField {...params} label={t('vitals.member')} />}
    />
  );
}
