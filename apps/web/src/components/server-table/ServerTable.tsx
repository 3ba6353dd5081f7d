import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import { DEFAULT_PER_PAGE, type HttpMethod, type Paginated } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useSession, hasPermission } from '../../lib/session.ts';
import { type ListParams, nextSort } from './list-params.ts';

export type Column<Row> = {
  id: string;
  label: string;
  /** Sent as `order_by` when the header is clicked. */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Keeps short values (serials, names of places, times) on one line; the table scrolls sideways instead. */
  nowrap?: boolean;
  render?: (row: Row) => ReactNode;
};

type Permission = { method: HttpMethod; route: string };

/**
 * A page's own row action (reset a password, rotate a key, open settings): an icon button named by
 * its label. `hidden` may depend on the row (unbind only what is bound); `disabled` adds a row
 * condition to the permission check.
 */
export type CustomRowAction<Row> = {
  id: string;
  label: string | ((row: Row) => string);
  icon: ReactNode;
  onClick: (row: Row) => void;
  permission?: Permission;
  hidden?: boolean | ((row: Row) => boolean);
  disabled?: (row: Row) => boolean;
  color?: 'default' | 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
};

/** Row actions of the kit; each is disabled when its call is not permitted, and may be hidden (SPEC §2 vital tables). */
export type RowActions<Row> = {
  /** Shown before the standard actions, in the given order. */
  custom?: CustomRowAction<Row>[];
  edit?: { onClick: (row: Row) => void; permission?: Permission; hidden?: boolean };
  delete?: { onClick: (row: Row) => void; permission?: Permission; hidden?: boolean };
  enable?: { isOn: (row: Row) => boolean; onToggle: (row: Row) => void; permission?: Permission; hidden?: boolean };
  follow?: { isOn: (row: Row) => boolean; onToggle: (row: Row) => void; permission?: Permission; hidden?: boolean };
};

type Props<Row> = {
  /** Accessible name of the table. */
  label: string;
  columns: Column<Row>[];
  data: Paginated<Row> | undefined;
  loading?: boolean;
  params: ListParams;
  onParamsChange: (params: ListParams) => void;
  rowKey: (row: Row) => Key;
  actions?: RowActions<Row>;
};

/** Server-paged, server-sorted table of SPEC §2/§3: 15 rows a page, empty text "No data". */
export function ServerTable<Row>({ label, columns, data, loading, params, onParamsChange, rowKey, actions }: Props<Row>) {
  const { t } = useTranslation();
  const session = useSession();
  const can = (p?: Permission) => !p || hasPermission(session, p.method, p.route);
  const { custom = [], ...standard } = actions ?? {};
  const visible = [...Object.values(standard), ...custom].filter((a) => a && a.hidden !== true);
  const rows = data?.list ?? [];
  const colSpan = columns.length + (visible.length > 0 ? 1 : 0);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.align}
                  sortDirection={params.order_by === c.id ? params.order : false}
                >
                  {c.sortable ? (
                    <TableSortLabel
                      active={params.order_by === c.id}
                      direction={params.order_by === c.id ? params.order : 'asc'}
                      onClick={() => onParamsChange(nextSort(params, c.id))}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
              {visible.length > 0 && <TableCell align="right">{t('common.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !loading ? (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {t('common.noData')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((c) => (
                    <TableCell key={c.id} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.id] ?? '')}
                    </TableCell>
                  ))}
                  {visible.length > 0 && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActionButtons row={row} actions={actions!} can={can} />
                    </TableCell>
                  )}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={Math.max(0, params.page - 1)}
        rowsPerPage={params.per_page || DEFAULT_PER_PAGE}
        rowsPerPageOptions={[DEFAULT_PER_PAGE]}
        onPageChange={(_e, page) => onParamsChange({ ...params, page: page + 1 })}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
      />
    </Paper>
  );
}

function RowActionButtons<Row>({ row, actions, can }: { row: Row; actions: RowActions<Row>; can: (p?: Permission) => boolean }) {
  const { t } = useTranslation();
  const { edit, delete: remove, enable, follow, custom = [] } = actions;
  return (
    <>
      {custom.map((action) => {
        const hidden = typeof action.hidden === 'function' ? action.hidden(row) : action.hidden;
        if (hidden) return null;
        const label = typeof action.label === 'function' ? action.label(row) : action.label;
        return (
          <Tooltip key={action.id} title={label}>
            <span>
              <IconButton
                size="small"
                color={action.color}
                aria-label={label}
                disabled={!can(action.permission) || Boolean(action.disabled?.(row))}
                onClick={() => action.onClick(row)}
              >
                {action.icon}
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
      {enable && !enable.hidden && (
        <Switch
          size="small"
          checked={enable.isOn(row)}
          disabled={!can(enable.permission)}
          onChange={() => enable.onToggle(row)}
          slotProps={{ input: { 'aria-label': enable.isOn(row) ? t('common.disable') : t('common.enable') } }}
        />
      )}
      {follow && !follow.hidden && (
        <Tooltip title={follow.isOn(row) ? t('common.unfollow') : t('common.follow')}>
          <span>
            <IconButton
              size="small"
              aria-pressed={follow.isOn(row)}
              aria-label={follow.isOn(row) ? t('common.unfollow') : t('common.follow')}
              disabled={!can(follow.permission)}
              onClick={() => follow.onToggle(row)}
            >
              {follow.isOn(row) ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      {edit && !edit.hidden && (
        <Tooltip title={t('common.edit')}>
          <span>
            <IconButton size="small" aria-label={t('common.edit')} disabled={!can(edit.permission)} onClick={() => edit.onClick(row)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {remove && !remove.hidden && (
        <Tooltip title={t('common.delete')}>
          <span>
            <IconButton size="small" aria-label={t('common.delete')} disabled={!can(remove.permission)} onClick={() => remove.onClick(row)}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}
