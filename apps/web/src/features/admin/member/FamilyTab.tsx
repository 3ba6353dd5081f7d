import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  type FamilyContactRow,
  type FamilyContactUpdate,
  Resource,
  abnormalCategoryLabelKey,
  defaultFamilyCategories,
  familyCategories,
  familyContactResource,
  familyContactUpdate,
} from '@vigil/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { FormFieldSpec } from '../../../components/form/FormField.tsx';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useRemove, useResourceList, useSave } from '../../../components/resource/index.ts';

type Editing = { row: FamilyContactRow | null } | null;
const allContacts = { page: 1, per_page: -1, order: 'asc' as const, order_by: 'id' };

/**
 * A member's family contacts (issue 27): who is told of the member's alerts off the console, on
 * which channel and in which language. A LINE contact shows the one-time code to send to the
 * organisation's LINE bot until they have linked.
 */
export function FamilyTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const list = useResourceList(familyContactResource, allContacts, { user_id: memberId });
  const save = useSave(familyContactResource);
  const remove = useRemove(familyContactResource);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<FamilyContactRow | null>(null);
  const rows = list.data?.list ?? [];

  const fields: FormFieldSpec<FamilyContactUpdate>[] = [
    { name: 'name', label: t('family.name'), required: true },
    { name: 'relation', label: t('family.relation'), required: true },
    { name: 'language', label: t('family.language'), options: [{ value: 'zh-TW', label: '中文（台灣）' }, { value: 'en', label: 'English' }] },
    { name: 'channel', label: t('family.channel'), options: [{ value: 'line', label: 'LINE' }, { value: 'email', label: t('family.channels.email') }] },
    { name: 'email', label: t('family.email'), type: 'email', helperText: t('family.emailHint') },
    {
      name: 'categories',
      label: t('family.categories'),
      kind: 'multiselect',
      options: familyCategories.map((c) => ({ value: c, label: t(abnormalCategoryLabelKey[c]) })),
    },
  ];
  const row = editing?.row ?? null;
  const defaults: FamilyContactUpdate = row
    ? { name: row.name, relation: row.relation, language: row.language, channel: row.channel, email: row.email ?? '', categories: row.categories }
    : { name: '', relation: '', language: 'zh-TW', channel: 'line', email: '', categories: defaultFamilyCategories };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Typography color="text.secondary">{t('family.intro')}</Typography>
        <PermissionButton method="POST" route={Resource.userFamily} variant="outlined" onClick={() => setEditing({ row: null })}>
          {t('family.add')}
        </PermissionButton>
      </Stack>
      {list.isPending ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('family.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('family.title')}>
          {rows.map((c) => (
            <Paper component="li" key={c.id} variant="outlined" sx={{ p: 2 }} data-testid="family-contact">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                <Stack spacing={0.5}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
                    <Typography color="text.secondary">({c.relation})</Typography>
                    {!c.enable && <Chip size="small" label={t('family.disabled')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {c.channel === 'line' ? 'LINE' : `${t('family.channels.email')}: ${c.email ?? '-'}`} · {c.language === 'zh-TW' ? '中文（台灣）' : 'English'} ·{' '}
                    {c.categories.map((k) => t(abnormalCategoryLabelKey[k as keyof typeof abnormalCategoryLabelKey])).join(', ') || t('family.noCategories')}
                  </Typography>
                  {c.channel === 'line' &&
                    (c.line_linked ? (
                      <Chip size="small" color="success" label={t('family.lineLinked')} sx={{ alignSelf: 'flex-start' }} />
                    ) : (
                      <Typography variant="body2" data-testid="family-line-code">
                        {c.line_code ? t('family.lineCode', { code: c.line_code }) : t('family.lineCodeExpired')}
                      </Typography>
                    ))}
                </Stack>
                <Stack direction="row" spacing={1}>
                  <PermissionButton method="PUT" route={`${Resource.userFamily}/{id}`} variant="outlined" onClick={() => setEditing({ row: c })}>
                    {t('common.edit')}
                  </PermissionButton>
                  <PermissionButton method="DELETE" route={`${Resource.userFamily}/{id}`} variant="outlined" color="error" onClick={() => setRemoving(c)}>
                    {t('common.delete')}
                  </PermissionButton>
                </Stack>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {editing && (
        <FormDialog
          open
          title={row ? t('family.edit') : t('family.add')}
          schema={familyContactUpdate}
          defaultValues={defaults}
          permission={row ? { method: 'PUT', route: `${Resource.userFamily}/{id}` } : { method: 'POST', route: Resource.userFamily }}
          fields={fields}
          onSubmit={(values) => save.mutateAsync(row ? { id: row.id, body: values } : { body: { ...values, member_id: memberId } })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('family.remove')}
        message={t('family.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove.mutateAsync(removing!.id)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
