import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Page, auditActions, auditResource, roleLabelKey, type AuditRow, type Role } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, rangeToQuery, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { type Column, type ListFilters, ResourcePage, useIsOperator } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { useStore } from '../../../lib/store.ts';

/** Parts of the console the trail can be narrowed to: an API path and everything under it. */
const areas = ['/physiologic', '/care', '/handle', '/file', '/abnormal', '/user', '/medical', '/work-log', '/handover', '/delivery'] as const;

/** The first page reading each resource (the vital page before the watch pages that open on it). */
const pageOfResource = new Map<string, string>();
for (const [key, page] of Object.entries(Page)) if (!pageOfResource.has(page.resource)) pageOfResource.set(page.resource, key);

/** The page a resource is read on ('/physiologic/heart/rate' → Heart rate), else its path. */
function resourceText(t: TFunction, resource: string): string {
  const page = pageOfResource.get(resource);
  return page ? t(`page.${page}`) : resource;
}

function cells(t: TFunction, r: AuditRow, locale: ReturnType<typeof localeStore.get>): string[] {
  return [
    formatDate(r.created_at, locale, 'dateTime'),
    r.staff_name ? `${r.staff_name} (${r.staff_account ?? ''})` : String(r.staff_id),
    t(roleLabelKey[r.role as Role] ?? ''),
    r.org_name ?? String(r.org_id),
    r.member_name ?? (r.member_id === null ? '' : String(r.member_id)),
    t(`audit.action.${r.action}`),
    resourceText(t, r.resource),
    r.record_id === null ? '' : String(r.record_id),
    r.ip,
  ];
}

/**
 * The organisation's audit trail (docs/security.md#audit-trail): who read which member's health
 * data or changed anything, when and from where. Filtered by date range, action, part of the
 * console and a name; exported (CSV or Excel, made by the server) in the user's language with the same filters.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const { term, label: memberLabel } = useMemberTerm();
  const operator = useIsOperator();
  const [range, setRange] = useState<DateRange>(() => weekRange());
  const [action, setAction] = useState('');
  const [area, setArea] = useState('');
  const query = useMemo<ListFilters>(
    () => ({ ...rangeToQuery(range), action: action || undefined, resource: area || undefined }),
    [range, action, area],
  );

  const headers = [
    t('audit.field.time'),
    t('audit.field.staff'),
    t('audit.field.role'),
    t('audit.field.org'),
    memberLabel,
    t('audit.field.action'),
    t('audit.field.resource'),
    t('audit.field.record'),
    t('audit.field.ip'),
  ];
  const columns: Column<AuditRow>[] = [
    { id: 'created_at', label: headers[0], sortable: true, render: (r) => formatDate(r.created_at, locale, 'dateTime') },
    { id: 'staff_name', label: headers[1], render: (r) => cells(t, r, locale)[1] },
    { id: 'role', label: headers[2], render: (r) => cells(t, r, locale)[2] },
    ...(operator ? [{ id: 'org_name', label: headers[3], render: (r: AuditRow) => cells(t, r, locale)[3] }] : []),
    { id: 'member_name', label: headers[4], render: (r) => r.member_name ?? '-' },
    { id: 'action', label: headers[5], render: (r) => cells(t, r, locale)[5] },
    { id: 'resource', label: headers[6], render: (r) => cells(t, r, locale)[6] },
    { id: 'record_id', label: headers[7], render: (r) => r.record_id ?? '-' },
    { id: 'ip', label: headers[8] },
  ];

  return (
    <ResourcePage
      title={t('page.audit')}
      resource={auditResource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'created_at' }}
      extraQuery={query}
      filters={[{ name: 'keyword', label: t('audit.keyword', { term }), kind: 'text' }]}
      searchExtras={
        <>
          <DateRangePicker value={range} onChange={setRange} />
          <TextField select size="small" label={t('audit.field.action')} value={action} onChange={(e) => setAction(e.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {auditActions.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`audit.action.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('audit.field.area')} value={area} onChange={(e) => setArea(e.target.value)} sx={{ minWidth: 220 }}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {areas.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`audit.area.${a.slice(1)}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
    />
  );
}
