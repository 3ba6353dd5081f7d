import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import { type PageKey, Resource, staffResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import {
  type Column,
  type ContractOf,
  type CustomRowAction,
  type FilterSpec,
  type ResourceDialog,
  type RowFlag,
  ResourcePage,
  useResourceOptions,
  useSave,
} from '../../../components/resource/index.ts';
import { usePermission, useSession } from '../../../lib/session.ts';
import { CareHandleLink } from '../handle-link.tsx';
import { MemberPicker } from './member-picker.tsx';

/** A care row as every care list shows it: its member, and the alert it answered if any. */
export type CareRow = { id: number; member_id: number; member_name: string };

/** Where a new record comes from: the member chosen, and the alert it answers when opened from one. */
export type Origin = { memberId: number | null; abnormalId: number | null };

export type CareListConfig<R extends CareRow> = {
  page: PageKey;
  /** The record's contract (contracts' `xResource`): its list, writes and rows. */
  resource: ContractOf<R>;
  columns: Column<R>[];
  filters?: FilterSpec[];
  create: (origin: Origin) => ResourceDialog;
  edit: (row: R) => ResourceDialog;
  enable?: RowFlag<R>;
  rowActions?: CustomRowAction<R>[];
  /** The kind's due list (`/handle/<kind>`): a write changes it, and "Handle what is due" leads to its page. */
  handle: string;
  subHeader?: ReactNode;
  /**
   * A row's handles, opened from the row's "Handling records": for a record that is itself handled
   * (education, follow-up visit); a schedule's occurrences and a package's doses are handled, and
   * read, on the handle page.
   */
  handles?: { permission: string; render: (row: R, onClose: () => void) => ReactNode };
};

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Staff of the organisation as pick options; without the staff list, the signed-in staff member alone. */
export function useStaffOptions() {
  const allowed = usePermission('GET', Resource.staff);
  const staff = useResourceOptions(staffResource, { enable: 1 }, allowed);
  const me = useSession().user;
  return useMemo(() => {
    const list = (staff.data ?? []).map((s) => ({ value: s.id, label: s.name }));
    if (me && !list.some((o) => o.value === me.id)) list.unshift({ value: me.id, label: me.name });
    return list;
  }, [staff.data, me]);
}

/**
 * One care record list (SPEC §2 care-staff group, and the member-care area when `memberId` is
 * fixed): newest first, so a saved record shows at the top; a member filter; a button to the
 * kind's shared handle page; the create form pre-filled from the address when opened from an
 * alert (`?create=1&user_id=&abnormal_id=`), the record then linked to that alert.
 */
export function CareRecordList<R extends CareRow>({ config, memberId, title }: { config: CareListConfig<R>; memberId?: number; title?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filterMember = memberId ?? positive(search.get('user_id'));
  const abnormalId = positive(search.get('abnormal_id'));
  const [viewing, setViewing] = useState<R | null>(null);
  const [creating, setCreating] = useState<Origin | null>(() => (search.get('create') === '1' ? { memberId: filterMember, abnormalId } : null));
  const save = useSave(config.resource, [config.handle]);
  const extraQuery = useMemo(() => ({ user_id: filterMember ?? undefined }), [filterMember]);
  // Built once per opening: a form rebuilt on every render would reset what the user typed.
  const { create } = config;
  const createDialog = useMemo(() => (creating ? create(creating) : null), [creating, create]);
  const handlesAction: CustomRowAction<R>[] = config.handles
    ? [
        {
          id: 'handles',
          label: t('care.record.handles'),
          icon: <HistoryIcon fontSize="small" />,
          onClick: setViewing,
          permission: { method: 'GET', route: `${config.handles.permission}/{id}` },
        },
      ]
    : [];

  const editSearch = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    edit(next);
    setSearch(next, { replace: true });
  };
  const closeCreate = () => {
    setCreating(null);
    // The alert's pre-fill is used once: a reload does not open the form again.
    if (search.has('create') || search.has('abnormal_id')) editSearch((next) => ['create', 'abnormal_id'].forEach((key) => next.delete(key)));
  };
  const setMember = (id: number | null) => editSearch((next) => (id === null ? next.delete('user_id') : next.set('user_id', String(id))));

  return (
    <>
      <ResourcePage
        title={title ?? t(`page.${config.page}`)}
        resource={config.resource}
        columns={config.columns}
        initialParams={{ order: 'desc' }}
        filters={config.filters}
        extraQuery={extraQuery}
        searchExtras={memberId === undefined ? <MemberPicker size="small" value={filterMember} onChange={setMember} /> : undefined}
        subHeader={config.subHeader}
        edit={{ title: t('care.record.edit'), dialog: config.edit }}
        enable={config.enable}
        rowActions={[...handlesAction, ...(config.rowActions ?? [])]}
        touches={[config.handle]}
        deletable
        headerActions={
          <>
            <CareHandleLink page={config.page} handleResource={config.handle} memberId={filterMember} />
            <PermissionButton
              method="POST"
              route={config.resource.path}
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating({ memberId: filterMember, abnormalId: null })}
            >
              {t(`care.record.create.${config.page}`)}
            </PermissionButton>
          </>
        }
      />
      {viewing && config.handles?.render(viewing, () => setViewing(null))}
      {createDialog?.render({
        title: t(`care.record.create.${config.page}`),
        permission: { method: 'POST', route: config.resource.path },
        onClose: closeCreate,
        submit: (body) => save.mutateAsync({ body }),
      })}
    </>
  );
}
