import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_ORDER_BY, type PageKey, Resource, staffResource } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  type ContractOf,
  type CustomRowAction,
  type FilterSpec,
  type ResourceDialog,
  type RowFlag,
  ResourcePage,
  useResourceOptions,
} from '../../../components/resource/index.ts';
import { usePermission, useSession } from '../../../lib/session.ts';
import { CareHandleLink } from '../handle-link.tsx';
import { type MemberField, MemberPicker, useMemberField } from './member-picker.tsx';

/** A care row as every care list shows it: its member, and the alert it answered if any. */
export type CareRow = { id: number; member_id: number; member_name: string };

/** Where a new record comes from: the member chosen, and the alert it answers when opened from one. */
export type Origin = { memberId: number | null; abnormalId: number | null };

/** A row action that opens a view of the row (its handles, files, a recording, a report), shown by the list. */
export type RowView<R> = Omit<CustomRowAction<R>, 'onClick'> & { render: (row: R, onClose: () => void) => ReactNode };

export type CareListConfig<R extends CareRow> = {
  page: PageKey;
  /** The record's contract (contracts' `xResource`): its list, writes and rows. */
  resource: ContractOf<R>;
  columns: Column<R>[];
  /** The column the list starts sorted by, newest first; by default the newest record first. */
  orderBy?: string;
  filters?: FilterSpec[];
  /** The create button's and form's label, and the edit form's title, of a kind with its own; else `care.record.create.<page>` and `care.record.edit`. */
  labels?: { create: string; edit?: string };
  /** A kind with an alert link pre-fills `origin.abnormalId`; one without ignores it. */
  create: (origin: Origin) => ResourceDialog;
  edit?: (row: R) => ResourceDialog;
  enable?: RowFlag<R>;
  /**
   * A row's views: a record that is itself handled (education, follow-up visit) has its handles; a
   * schedule's occurrences and a package's doses are handled, and read, on the handle page.
   */
  views?: RowView<R>[];
  /** The kind's due list (`/handle/<kind>`), if it has one: a write changes it, and "Handle what is due" leads to its page. */
  handle?: string;
  /** Other lists a write changes (a symptom's pain alert). */
  touches?: string[];
  /** Above the list, for the member it is narrowed to if any. */
  subHeader?: (memberId: number | null) => ReactNode;
};

/** The config of a kind built from the language and the member field alone: built again when either changes (the member options load later). */
export function useBuiltConfig<R extends CareRow>(build: (t: TFunction, member: MemberField) => CareListConfig<R>) {
  const { t } = useTranslation();
  const member = useMemberField();
  return useMemo(() => build(t, member), [build, t, member]);
}

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
/** What a care page takes in the member-care area: the member it is narrowed to and its title. */
export type CarePageProps = { memberId?: number; title?: string };

export function CareRecordList<R extends CareRow>({ config, memberId, title }: { config: CareListConfig<R>; memberId?: number; title?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filterMember = memberId ?? positive(search.get('user_id'));
  const abnormalId = positive(search.get('abnormal_id'));
  const [viewing, setViewing] = useState<{ view: RowView<R>; row: R } | null>(null);
  const touches = [config.handle, ...(config.touches ?? [])].filter((path) => path !== undefined);
  const extraQuery = useMemo(() => ({ user_id: filterMember ?? undefined }), [filterMember]);
  // The same dialog for as long as its origin holds: a form rebuilt with other defaults would reset what the user typed.
  const { create } = config;
  const createDialog = useMemo(() => create({ memberId: filterMember, abnormalId }), [create, filterMember, abnormalId]);
  const rowActions = config.views?.map((view) => ({ ...view, onClick: (row: R) => setViewing({ view, row }) }));

  const editSearch = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    edit(next);
    setSearch(next, { replace: true });
  };
  // The alert's pre-fill is used once: a reload does not open the form again.
  const closeCreate = () => {
    if (search.has('create') || search.has('abnormal_id')) editSearch((next) => ['create', 'abnormal_id'].forEach((key) => next.delete(key)));
  };
  const setMember = (id: number | null) => editSearch((next) => (id === null ? next.delete('user_id') : next.set('user_id', String(id))));

  return (
    <>
      <ResourcePage
        title={title ?? t(`page.${config.page}`)}
        resource={config.resource}
        columns={config.columns}
        initialParams={{ order: 'desc', order_by: config.orderBy ?? DEFAULT_ORDER_BY }}
        filters={config.filters}
        extraQuery={extraQuery}
        searchExtras={memberId === undefined ? <MemberPicker size="small" value={filterMember} onChange={setMember} /> : undefined}
        subHeader={config.subHeader?.(filterMember)}
        edit={config.edit && { title: config.labels?.edit ?? t('care.record.edit'), dialog: config.edit }}
        enable={config.enable}
        rowActions={rowActions}
        touches={touches}
        deletable
        create={{
          label: config.labels?.create ?? t(`care.record.create.${config.page}`),
          dialog: createDialog,
          openOnStart: search.get('create') === '1',
          onClose: closeCreate,
        }}
        headerActions={config.handle && <CareHandleLink page={config.page} handleResource={config.handle} memberId={filterMember} />}
      />
      {viewing?.view.render(viewing.row, () => setViewing(null))}
    </>
  );
}
