import { type ReactNode, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ExportMenu } from '../ExportMenu.tsx';
import { PermissionButton } from '../PermissionButton.tsx';
import {
  type Column,
  type CustomRowAction,
  type RowActions,
  ServerTable,
} from '../server-table/ServerTable.tsx';
import { type ListParams, useListParams } from '../server-table/list-params.ts';
import {
  type ContractOf,
  type ListFilters,
  type ResourceRow,
  type RowFlag,
  listKey,
  useFlagToggle,
  useRemove,
  useResourceList,
  useSave,
} from './api.ts';
import { FilterBar, type FilterSpec } from './FilterBar.tsx';
import type { ResourceDialog } from './dialog.tsx';

export type ResourcePageProps<R extends ResourceRow> = {
  title: string;
  /**
   * The resource's contract (contracts' `xResource`): its path is the list's and its writes' (SPEC
   * §7's generic calls: GET, POST, PUT and DELETE {path}[/{id}]), and every row of every page is
   * checked against its row schema, which types the columns.
   */
  resource: ContractOf<R>;
  columns: Column<R>[];
  filters?: FilterSpec[];
  /** Filters the page always sends (a device family, a member). */
  fixedFilters?: ListFilters;
  initialParams?: Partial<ListParams>;
  /** Extra controls in the search bar (a date range). */
  searchExtras?: ReactNode;
  /** Query values those extras contribute. */
  extraQuery?: ListFilters;
  /**
   * The create button's label and dialog (POST {path}). `openOnStart` opens it with the page (a
   * form the address asks for: a record from an alert); `onClose` hears it close, saved or not.
   */
  create?: { label: string; dialog: ResourceDialog; openOnStart?: boolean; onClose?: () => void };
  /** The edit dialog's title and a row's dialog (PUT {path}/{id}). */
  edit?: { title: string; dialog: (row: R) => ResourceDialog };
  /** The enable switch (PATCH {path}/enable/{id} unless the flag names another route). */
  enable?: RowFlag<R>;
  /** The follow star (PATCH {path}/follow/{id} unless the flag names another route). */
  follow?: RowFlag<R>;
  /** A delete button, confirmed before DELETE {path}/{id}. */
  deletable?: boolean;
  /** Paths of other resources a write changes (a staff write changes the staff change log). */
  touches?: string[];
  /** The page's own row actions, shown before the toggles, edit and delete. */
  rowActions?: CustomRowAction<R>[];
  /** Buttons beside the create button; a function gets the list's current query (an export of what the list shows). */
  headerActions?: ReactNode | ((query: ListFilters) => ReactNode);
  /** Shown under the title, above the search bar (tabs switching between views of a page). */
  subHeader?: ReactNode;
  /** Names the table in the user's remembered columns and page size; default the resource path. */
  tableName?: string;
  /** Leaves out the Export menu (CSV / Excel of the whole filtered list, GET {path}/export); default shown. */
  noExport?: boolean;
};

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The row a save returned, and the list view (page, sort, filters) it was saved from. */
type Saved<R> = { id: number; row?: R; view: string; seq: number };

/** The id a write answered with: the saved row (SPEC §7 creates and updates return it) or at least its id. */
function savedId(result: unknown): number | undefined {
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * A resource's list page: title, search bar, the server-paged and sorted table with edit, delete,
 * enable and follow (each disabled without its permission), the create and edit dialogs and the
 * delete confirmation. A page declares its resource's contract, columns, filters and forms; paging,
 * toggles and errors then behave the same on every page.
 */
export function ResourcePage<R extends ResourceRow>(props: ResourcePageProps<R>) {
  const {
    title,
    resource: contract,
    columns,
    filters = [],
    fixedFilters,
    create,
    edit,
    enable,
    follow,
    deletable,
    touches = [],
  } = props;
  const { t } = useTranslation();
  const { path: resource, row } = contract;
  const tableName = props.tableName ?? resource;
  const [params, setParams] = useListParams(props.initialParams, tableName);
  const [filterValues, setFilterValues] = useState<ListFilters>({});
  // New values from the page's own controls (a date range, a member) start again from page 1, as the
  // filters do: page 3 of the old query may not exist in the new one.
  const extraKey = JSON.stringify(props.extraQuery ?? {});
  const [queriedExtra, setQueriedExtra] = useState(extraKey);
  if (queriedExtra !== extraKey) {
    setQueriedExtra(extraKey);
    setParams((p) => (p.page === 1 ? p : { ...p, page: 1 }));
  }
  const query = useMemo(
    () => ({ ...filterValues, ...props.extraQuery, ...fixedFilters }),
    [filterValues, props.extraQuery, fixedFilters],
  );
  const list = useResourceList(contract, params, query);
  const save = useSave(contract, touches);
  const remove = useRemove(contract, touches);
  const toggle = useFlagToggle<R>(listKey(contract, params, query));
  // Which dialog is open, not the dialog itself: it is taken from the props at each render, so a
  // picker whose options load after the dialog opened still gets them.
  const [editing, setEditing] = useState<{ row?: R; title: string } | null>(() => (create?.openOnStart ? { title: create.label } : null));
  const editingDialog: ResourceDialog | undefined = editing
    ? editing.row === undefined
      ? create?.dialog
      : edit?.dialog(editing.row)
    : undefined;
  const [deleting, setDeleting] = useState<R | null>(null);
  const view = JSON.stringify([params, query]);
  const [saved, setSaved] = useState<Saved<R> | null>(null);
  // Moving to another page, sort or filter ends the saved row's stay on top of the view it was saved in.
  if (saved !== null && saved.view !== view) setSaved(null);
  /**
   * After a save the list has been refetched (useWrite waits for it). The saved row is marked where
   * it is (the table's tint of a saved row lasts three seconds) and "Saved" is announced; when the
   * page, sort or filters put the row elsewhere, it is shown on top of this page until the user
   * moves to another page, sort or filter, so the user always sees what they saved.
   */
  const showSaved = (result: unknown, editedId: number | undefined) => {
    const parsed = row.safeParse(result);
    const id = parsed.success ? parsed.data.id : (savedId(result) ?? editedId);
    if (id === undefined) return;
    const seq = (saved?.seq ?? 0) + 1;
    setSaved({ id, row: parsed.success ? parsed.data : undefined, view, seq });
  };
  const pinned =
    saved?.row && list.data && !list.data.list.some((r) => r.id === saved.id) ? saved.row : undefined;
  const data = pinned && list.data ? { ...list.data, list: [pinned, ...list.data.list] } : list.data;

  const flagAction = (flag: RowFlag<R>, name: 'enable' | 'follow') => {
    const route = flag.route ?? `${resource}/${name}`;
    return {
      isOn: (r: R) => Boolean(r[flag.field]),
      onToggle: (r: R) => toggle.mutate({ row: r, field: flag.field, route }),
      permission: flag.permission ?? { method: 'PATCH' as const, route: `${route}/{id}` },
    };
  };
  const actions: RowActions<R> = {
    ...(props.rowActions && { custom: props.rowActions }),
    ...(edit && {
      edit: {
        onClick: (r: R) => setEditing({ row: r, title: edit.title }),
        permission: { method: 'PUT' as const, route: `${resource}/{id}` },
      },
    }),
    ...(deletable && {
      delete: { onClick: setDeleting, permission: { method: 'DELETE' as const, route: `${resource}/{id}` } },
    }),
    ...(enable && { enable: flagAction(enable, 'enable') }),
    ...(follow && { follow: flagAction(follow, 'follow') }),
  };

  const changeFilters = (next: ListFilters) => {
    setFilterValues(next);
    setParams((p) => ({ ...p, page: 1 }));
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!props.noExport && <ExportMenu path={resource} query={{ ...query, order: params.order, order_by: params.order_by }} fileName={title} />}
          {typeof props.headerActions === 'function' ? props.headerActions(query) : props.headerActions}
          {create && (
            <PermissionButton
              method="POST"
              route={resource}
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ title: create.label })}
            >
              {create.label}
            </PermissionButton>
          )}
        </Stack>
      </Stack>
      {props.subHeader}
      {(filters.length > 0 || props.searchExtras) && (
        <FilterBar
          specs={filters}
          value={filterValues}
          onChange={changeFilters}
          extraActive={Object.values(props.extraQuery ?? {}).filter((v) => v !== undefined).length}
        >
          {props.searchExtras}
        </FilterBar>
      )}
      <ServerTable
        label={title}
        name={tableName}
        columns={columns}
        data={data}
        loading={list.isFetching}
        params={params}
        onParamsChange={setParams}
        rowKey={(r) => r.id}
        actions={actions}
        highlight={saved?.id}
      />
      <Box role="status" sx={visuallyHidden}>
        {saved ? `${t('table.saved')}${saved.seq % 2 ? '' : '\u00a0'}` : ''}
      </Box>
      {editing &&
        editingDialog?.render({
          title: editing.title,
          permission:
            editing.row === undefined
              ? { method: 'POST', route: resource }
              : { method: 'PUT', route: `${resource}/{id}` },
          onClose: () => {
            setEditing(null);
            if (editing.row === undefined) create?.onClose?.();
          },
          submit: async (body) => {
            const id = editing.row?.id;
            const result = await save.mutateAsync({ id, body });
            showSaved(result, id);
            return result;
          },
        })}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </Stack>
  );
}
