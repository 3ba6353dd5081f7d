/**
 * The resource kit: what a list page of any resource is built from (SPEC §2/§3/§7). A page is
 * mostly a declaration handed to `ResourcePage`: the resource's contract (contracts' `xResource`:
 * path, row, bodies, list query), its columns, its filters and its create/edit dialogs built with `dialog()` from the contracts schema.
 * The hooks serve pages that need more than the list (a detail page, a select of another resource,
 * a call that is not plain CRUD).
 */
export { ResourcePage, type ResourcePageProps } from './ResourcePage.tsx';
export { FilterBar, type FilterOption, type FilterSpec } from './FilterBar.tsx';
export { FilterPanel } from './FilterPanel.tsx';
export { ActionDialog } from './ActionDialog.tsx';
export { type DialogConfig, type FormHost, type ResourceDialog, dialog, enumOptions } from './dialog.tsx';
export { createdColumn, orDash } from './columns.tsx';
export { useAreaOptions, useIsOperator } from './scope.ts';
export {
  type ContractOf,
  type DetailOf,
  type FlagField,
  type ListFilters,
  type QueryOf,
  type ResourceRow,
  type RowOf,
  type RowFlag,
  type Write,
  listKey,
  useFlagToggle,
  useInvalidate,
  useRemove,
  useResourceDetail,
  useResourceList,
  useResourceOptions,
  useSave,
  useWrite,
} from './api.ts';
export type { Column, CustomRowAction } from '../server-table/ServerTable.tsx';
export { type ListParams, useListParams } from '../server-table/list-params.ts';
