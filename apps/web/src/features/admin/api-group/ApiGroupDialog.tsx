import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { type ApiGroupDetail, type ApiGroupRow, Resource, apiGroupResource, apiPermission, paginated } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { useDraft } from '../../../lib/draft.ts';
import { request } from '../../../lib/http.ts';
import { useResourceDetail, useWrite } from '../../../components/resource/index.ts';
import { apiGroupName } from '../shared/group-name.ts';
import { ApiGroupMatrix } from './ApiGroupMatrix.tsx';
import { fromSelection, toSelection } from './matrix.ts';

/** The server's catalogue of permission pairs (GET /api), all of it: the matrix is built from it. */
function useCatalogue() {
  return useQuery({
    queryKey: [Resource.api, 'catalogue'],
    staleTime: Infinity,
    queryFn: ({ signal }) => request(Resource.api, { query: { per_page: -1 }, schema: paginated(apiPermission), signal }),
    select: (page) => page.list as z.infer<typeof apiPermission>[],
  });
}

/** Edits which (route, method) pairs a group holds; saving replaces the group's list (PUT). */
export function ApiGroupDialog({ group, onClose }: { group: ApiGroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const detail = useResourceDetail(apiGroupResource, group.id);
  const [selection, setSelection] = useDraft<ApiGroupDetail, Set<string> | null>(detail.data, (d) => toSelection(d.permissions), null);
  const save = useWrite<Set<string>>(
    (sel) => ({
      method: 'PUT',
      path: `${Resource.apiGroup}/${group.id}`,
      body: { name: group.name, remark: group.remark, permissions: fromSelection(sel, catalogue.data ?? [], detail.data?.permissions) },
    }),
    [Resource.apiGroup, Resource.role],
  );
  const ready = catalogue.data && selection;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="api-group-title" scroll="paper">
      <DialogTitle id="api-group-title">{t('admin.apiGroup.editPermissions', { name: apiGroupName(group.name, t) })}</DialogTitle>
      <DialogContent dividers>
        {ready ? <ApiGroupMatrix catalogue={catalogue.data} selection={selection} onChange={setSelection} /> : <Skeleton height={320} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <PermissionButton
          method="PUT"
          route={`${Resource.apiGroup}/{id}`}
          variant="contained"
          disabled={!ready || save.isPending}
          onClick={() => selection && void save.mutateAsync(selection).then(onClose, () => undefined)}
        >
          {t('common.save')}
        </PermissionButton>
      </DialogActions>
    </Dialog>
  );
}
