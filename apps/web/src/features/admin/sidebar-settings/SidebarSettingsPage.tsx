import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Resource, type SidebarItem, type StaffRole, roleFamily, roleLabelKey, sidebarRoleDetail, sidebarTree, staffRoles } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { useDraft } from '../../../lib/draft.ts';
import { request } from '../../../lib/http.ts';
import { useWrite } from '../../../components/resource/index.ts';
import { SidebarPreview } from './SidebarPreview.tsx';
import { SidebarTreeEditor } from './SidebarTreeEditor.tsx';

const route = `${Resource.sidebar}/role`;
const noItems: SidebarItem[] = [];

/** SPEC §2 sidebar settings: pick a role, edit its tree with a live preview, save it (PUT /sidebar/role/{role}). */
export default function SidebarSettingsPage() {
  const { t } = useTranslation();
  const [role, setRole] = useState<StaffRole>(staffRoles[2]!);
  const query = useQuery({
    queryKey: [route, role],
    queryFn: ({ signal }) => request(`${route}/${role}`, { schema: sidebarRoleDetail, signal }),
  });
  const [items, setItems] = useDraft(query.data, (d) => d.sidebar, noItems);
  const save = useWrite<SidebarItem[]>((sidebar) => ({ method: 'PUT', path: `${route}/${role}`, body: { sidebar } }), [route, Resource.sidebar]);
  // The contracts rule the server applies (known page paths, two levels, folders not empty), checked before sending.
  const check = sidebarTree.safeParse(items);
  const issues = check.success ? [] : check.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${translateError(t, i.message)}`);
  const dirty = query.data !== undefined && JSON.stringify(items) !== JSON.stringify(query.data.sidebar);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" component="h1">
        {t('page.sidebar')}
      </Typography>
      <Typography color="text.secondary">{t('admin.sidebar.intro')}</Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
        <TextField select size="small" label={t('admin.sidebar.role')} value={role} onChange={(e) => setRole(Number(e.target.value) as StaffRole)} sx={{ minWidth: 240 }}>
          {staffRoles.map((r) => (
            <MenuItem key={r} value={r}>
              {t(roleLabelKey[r])}
            </MenuItem>
          ))}
        </TextField>
        <Button color="inherit" disabled={!dirty} onClick={() => query.data && setItems(query.data.sidebar)}>
          {t('admin.common.reset')}
        </Button>
        <PermissionButton method="PUT" route={`${route}/{id}`} variant="contained" disabled={!dirty || !check.success || save.isPending} onClick={() => save.mutate(items)}>
          {t('admin.common.saveChanges')}
        </PermissionButton>
      </Stack>
      {issues.length > 0 && <Alert severity="warning">{issues.join(' · ')}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
        <SidebarTreeEditor items={items} onChange={setItems} />
        <SidebarPreview items={items} family={roleFamily[role]} />
      </Stack>
    </Stack>
  );
}
