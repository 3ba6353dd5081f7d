import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AbnormalCategory,
  type AbnormalType,
  DeviceType,
  Resource,
  abnormalCategoryLabelKey,
  abnormalTypeLabelKey,
  abnormalTypes,
  abnormalTypesOfCategory,
  deviceTypeLabelKey,
  paginated,
} from '@vigil/contracts';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { request } from '../../../lib/http.ts';
import { usePermission } from '../../../lib/session.ts';
import type { LogFilterState, LogView } from '../filters.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

/** Areas and members are only named here: a light shape, whatever else their rows carry. */
const named = paginated(z.object({ id: z.number().int(), name: z.string() }));

function useNamed(route: string, enabled: boolean) {
  return useQuery({
    queryKey: ['abnormal-filter', route],
    enabled,
    queryFn: ({ signal }) => request(route, { query: { per_page: 1000, order_by: 'name' }, schema: named, signal, silent: true }),
  }).data?.list;
}

type Props = { value: LogFilterState; onChange: (next: LogFilterState) => void; view: LogView };

export function LogFilters({ value, onChange, view }: Props) {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const areas = useNamed(Resource.area, usePermission('GET', Resource.area));
  const members = useNamed(Resource.user, usePermission('GET', Resource.user) && view !== 'device');
  const patch = (p: Partial<LogFilterState>) => onChange({ ...value, ...p });
  const types = value.category === -1 ? abnormalTypes : abnormalTypesOfCategory(value.category as AbnormalCategory);
  const select = (label: string, current: number, onPick: (v: number) => void, options: { value: number; label: string }[], testId: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={current}
      onChange={(e) => onPick(Number(e.target.value))}
      sx={{ minWidth: 160 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value={-1}>{t('abnormal.filter.any')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center" role="search" aria-label={t('abnormal.filter.label')}>
      <DateRangePicker value={value.range} onChange={(range) => patch({ range })} />
      {select(
        t('abnormal.field.category'),
        value.category,
        (category) => patch({ category, type: -1 }),
        Object.values(AbnormalCategory).map((c) => ({ value: c, label: t(abnormalCategoryLabelKey[c]) })),
        'filter-category',
      )}
      {select(
        t('abnormal.field.type'),
        value.type,
        (type) => patch({ type }),
        types.map((c) => ({ value: c, label: t(abnormalTypeLabelKey[c as AbnormalType]) })),
        'filter-type',
      )}
      {select(
        t('abnormal.field.state'),
        value.handled,
        (handled) => patch({ handled }),
        [
          { value: 0, label: t('abnormal.state.open') },
          { value: 1, label: t('abnormal.state.handled') },
        ],
        'filter-state',
      )}
      {areas && select(t('abnormal.field.area'), value.areaId, (areaId) => patch({ areaId }), areas.map((a) => ({ value: a.id, label: a.name })), 'filter-area')}
      {members && view !== 'device' &&
        select(memberLabel, value.memberId, (memberId) => patch({ memberId }), members.map((m) => ({ value: m.id, label: m.name })), 'filter-member')}
      {view !== 'member' &&
        select(
          t('abnormal.field.deviceType'),
          value.deviceType,
          (deviceType) => patch({ deviceType }),
          Object.values(DeviceType).map((d) => ({ value: d, label: t(deviceTypeLabelKey[d]) })),
          'filter-device-type',
        )}
    </Stack>
  );
}
