import { type ReactNode, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, type CustomRowAction, type RowActions, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { type ListParams, useListParams } from '../../../components/server-table/list-params.ts';
import { type ListFilters, listKey, useFlagToggle, useRemove, useResourceList, useSave } from './api.ts';
import { FilterBar, type FilterSpec } from './FilterBar.tsx';
import type { DialogConfig } from './form-config.ts';

type Row = { id: number } & Record<string, unknown>;

/** A row flag flipped by PATCH {route}/{id}; `permission` when the server checks another pair (action-permissions). */
type Toggle = { field: string; route: string; permission?: { method: 'PATCH'; route: string } };

export type ResourcePageProps<R extends Row> = {
  title: string;
  /** API path of the list and of its writes (SPEC §7's generic calls). */
  resource: string;
  row: z.ZodType<R>;
  columns: Column<R>[];
  filters?: FilterSpec[];
  /** Filters the page always sends (a device family, a member). */
  fixedFilters?: ListFilters;
  initialParams?: Partial<ListParams>;
  /** Extra controls in the search bar (a date range). */
  searchExtras?: ReactNode;
  /** Query values those extras contribute. */
  extraQuery?: ListFilters;
  create?: { label: string; dialog: DialogConfig };
  edit?: { title: string; dialog: (row: R) => DialogConfig };
  enable?: Toggle;
  follow?: Toggle;
  deletable?: boolean;
  /** Other resources a write changes (a staff write changes the staff change log). */
  touches?: string[];
  /** The page's own row actions, shown before edit, delete and the toggles. */
  rowActions?: CustomRowAction<R>[];
  /** Buttons beside the create button. */
  headerActions?: ReactNode;
  /** Shown under the title, above the search bar (tabs switching between views of a page). */
  subHeader?: ReactNode;
};

/**
 * A SPEC §2 administration list: title, search bar, the kit's server-paged table with edit, delete,
 * enable and follow, and the create/edit dialog and delete confirmation. Every admin list is this
 * page with its own columns, filters and dialogs, so paging, toggles and errors behave the same.
 */
export function ResourcePage<R extends Row>(props: ResourcePageProps<R>) {
  const { title, resource, row, columns, filters = [], fixedFilters, create, edit, enable, follow, deletable, touches = [] } = props;
  const [params, setParams] = useListParams(props.initialParams);
  const [filterValues, setFilterValues] = useState<ListFilters>({});
  const query = useMemo(() => ({ ...filterValues, ...props.extraQuery, ...fixedFilters }), [filterValues, props.extraQuery, fixedFilters]);
  const list = useResourceList(resource, row, params, query);
  const key = listKey(resource, params, query);
  const save = useSave<unknown>(resource, touches);
  const remove = useRemove(resource, touches);
  const enableToggle = useFlagToggle<R>(key, enable?.route ?? '', (enable?.field ?? 'enable') as keyof R & string);
  const followToggle = useFlagToggle<R>(key, follow?.route ?? '', (follow?.field ?? 'is_follow') as keyof R & string);
  const [dialogState, setDialogState] = useState<{ id?: number; title: string; config: DialogConfig } | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);

  const actions: RowActions<R> = {
    ...(props.rowActions && { custom: props.rowActions }),
    ...(edit && {
      edit: {
        onClick: (r: R) => setDialogState({ id: r.id, title: edit.title, config: edit.dialog(r) }),
        permission: { method: 'PUT' as const, route: `${resource}/{id}` },
      },
    }),
    ...(deletable && { delete: { onClick: setDeleting, permission: { method: 'DELETE' as const, route: `${resource}/{id}` } } }),
    ...(enable && {
      enable: {
        isOn: (r: R) => Boolean(r[enable.field]),
        onToggle: (r: R) => enableToggle.mutate(r),
        permission: enable.permission ?? { method: 'PATCH' as const, route: `${enable.route}/{id}` },
      },
    }),
    ...(follow && {
      follow: {
        isOn: (r: R) => Boolean(r[follow.field]),
        onToggle: (r: R) => followToggle.mutate(r),
        permission: follow.permission ?? { method: 'PATCH' as const, route: `${follow.route}/{id}` },
      },
    }),
  };

  const changeFilters = (next: ListFilters) => {
    setFilterValues(next);
    setParams((p) => ({ ...p, page: 1 }));
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          {props.headerActions}
          {create && (
            <PermissionButton
              method="POST"
              route={resource}
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialogState({ title: create.label, config: create.dialog })}
            >
              {create.label}
            </PermissionButton>
          )}
        </Stack>
      </Stack>
      {props.subHeader}
      {(filters.length > 0 || props.searchExtras) && (
        <FilterBar specs={filters} value={filterValues} onChange={changeFilters}>
          {props.searchExtras}
        </FilterBar>
      )}
      <ServerTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        params={params}
        onParamsChange={setParams}
        rowKey={(r) => r.id}
        actions={actions}
      />
      {dialogState && (
        <FormDialog
          open
          title={dialogState.title}
          schema={dialogState.config.schema}
          defaultValues={dialogState.config.defaultValues}
          fields={dialogState.config.fields}
          permission={dialogState.id === undefined ? { method: 'POST', route: resource } : { method: 'PUT', route: `${resource}/{id}` }}
          onClose={() => setDialogState(null)}
          onSubmit={(values) =>
            save.mutateAsync({ id: dialogState.id, body: dialogState.config.toBody ? dialogState.config.toBody(values) : values })
          }
        />
      )}
      <ConfirmDialog open={deleting !== null} onClose={() => setDeleting(null)} onConfirm={() => remove.mutateAsync(deleting!.id)} />
    </Stack>
  );
}
