import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type MemberOption, useMemberOptions } from '../api.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

/**
 * What the picker needs of a member: a row of GET /user, or only the route's id when the member
 * is not on the first page of results (the field then shows "#id" until the user searches).
 */
type Choice = Pick<MemberOption, 'id' | 'name'> & Partial<Pick<MemberOption, 'area_name' | 'room'>>;

/** Chooses the member a reading page shows when the route has no member id (SPEC §2). */
export function MemberPicker({ value, onChange }: { value: number | null; onChange: (memberId: number) => void }) {
  const { t } = useTranslation();
  const { label } = useMemberTerm();
  const [keyword, setKeyword] = useState('');
  const members = useMemberOptions(keyword);
  const options: Choice[] = members.data ?? [];
  const selected = options.find((m) => m.id === value) ?? (value !== null ? { id: value, name: `#${value}` } : null);
  return (
    <Autocomplete<Choice>
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
      renderOption={({ key, ...props }, m) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{m.name}</span>
          {(m.area_name || m.room) && (
            <Typography variant="caption" color="text.secondary">
              {[m.area_name, m.room].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </Box>
      )}
      noOptionsText={t('common.noData')}
      loadingText={t('common.loading')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
