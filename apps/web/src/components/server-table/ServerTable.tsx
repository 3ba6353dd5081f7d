import { type Key, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_PER_PAGE, type Paginated } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useSession, hasPermission } from '../../lib/session.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import { type Column, cellContent } from './column.ts';
import { type ListParams, nextSort } from './list-params.ts';
import {
  type Permission,
  RowActionButtons,
  type RowActions,
  hasVisibleActions,
} from './RowActionButtons.tsx';
import { RowCards } from './RowCards.tsx';
import { pinnedLook, savedLook } from './row-look.ts';
import { PAGE_SIZES, useTablePrefs } from './table-prefs.ts';

export type { Column } from './column.ts';
export type { CustomRowAction, RowActions } from './RowActionButtons.tsx';

type Props<Row> = {
  /** Accessible name of the table. */
  label: string;
  /**
   * Names the table in the user's remembered choices (hidden columns, page size); without it the
   * choices last while the table is on screen. Use the same name in `useListParams`.
   */
  name?: string;
  columns: Column<Row>[];
  data: Paginated<Row> | undefined;
  loading?: boolean;
  params: ListParams;
  onParamsChange: (params: ListParams) => void;
  rowKey: (row: Row) => Key;
  actions?: RowActions<Row>;
  /** The key of a row to mark as just saved. */
  highlight?: Key | null;
  /** The page size is the page's own (SPEC's 15 rows of a vital table): no rows-per-page choice. */
  fixedPageSize?: boolean;
};

/**
 * Server-paged, server-sorted table of SPEC §2/§3 (15 rows a page unless the user picks more, empty
 * text "No data"). The actions column stays pinned at the right edge while the columns scroll; a
 * column menu hides columns; on a phone (narrower than 600 px) the rows become cards.
 */
export function ServerTable<Row>({
  label,
  name,
  columns,
  data,
  loading,
  params,
  onParamsChange,
  rowKey,
  actions,
  highlight,
  fixedPageSize,
}: Props<Row>) {
  const { t } = useTranslation();
  const session = useSession();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [prefs, setPrefs] = useTablePrefs(name);
  const can = (p?: Permission) => !p || hasPermission(session, p.method, p.route);
  const showActions = hasVisibleActions(actions);
  const shown = columns.filter((c) => !c.label || !prefs.hidden.includes(c.id));
  const rows = data?.list ?? [];
  const colSpan = shown.length + (showActions ? 1 : 0);
  const empty = rows.length === 0 && !loading;
  const perPage = params.per_page || DEFAULT_PER_PAGE;
  // The saved row is brought into view (a card far down a phone's list, a row below the fold).
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlight === null || highlight === undefined) return;
    frame.current?.querySelector('[data-saved]')?.scrollIntoView?.({ block: 'nearest' });
  }, [highlight]);

  const table = (
    <TableContainer>
      <Table size="small" aria-label={label} aria-busy={loading || undefined}>
        <TableHead>
          <TableRow>
            {shown.map((c) => (
              <TableCell
                key={c.id}
                align={c.align}
                sortDirection={params.order_by === c.id ? params.order : false}
                sx={{ whiteSpace: 'nowrap', minWidth: c.minWidth }}
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
            {showActions && (
              <TableCell
                align="right"
                data-pinned="actions"
                sx={(theme) => ({ ...pinnedLook(theme), zIndex: 2 })}
              >
                {t('common.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {empty ? (
            <TableRow>
              <TableCell colSpan={colSpan} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {t('common.noData')}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const saved = key === highlight;
              return (
                <TableRow
                  key={key}
                  hover
                  data-saved={saved || undefined}
                  sx={saved ? (theme) => ({ '& > td': savedLook(theme) }) : undefined}
                >
                  {shown.map((c) => (
                    <TableCell
                      key={c.id}
                      align={c.align}
                      sx={{ whiteSpace: c.nowrap ? 'nowrap' : undefined, minWidth: c.minWidth }}
                    >
                      {cellContent(c, row)}
                    </TableCell>
                  ))}
                  {showActions && (
                    <TableCell align="right" data-pinned="actions" sx={pinnedLook}>
                      <RowActionButtons row={row} actions={actions!} can={can} />
                    </TableCell>
                  )}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    // On a phone the cards carry their own borders; the frame around them would only take width.
    <Paper
      ref={frame}
      variant="outlined"
      sx={phone ? { border: 0, bgcolor: 'transparent' } : { overflow: 'hidden' }}
    >
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {phone && !empty ? (
        <RowCards
          label={label}
          columns={shown}
          rows={rows}
          rowKey={rowKey}
          actions={actions}
          showActions={showActions}
          can={can}
          highlight={highlight}
          params={params}
          onParamsChange={onParamsChange}
        />
      ) : phone ? (
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
          {t('common.noData')}
        </Typography>
      ) : (
        table
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          pl: phone ? 0 : 1,
        }}
      >
        <ColumnMenu
          columns={columns.filter((c) => c.label)}
          hidden={prefs.hidden.filter((id) => columns.some((c) => c.id === id))}
          onChange={(hidden) => setPrefs({ hidden })}
        />
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={Math.max(0, params.page - 1)}
          rowsPerPage={perPage}
          rowsPerPageOptions={
            fixedPageSize ? [] : (PAGE_SIZES as readonly number[]).includes(perPage) ? [...PAGE_SIZES] : [perPage, ...PAGE_SIZES]
          }
          onPageChange={(_e, page) => onParamsChange({ ...params, page: page + 1 })}
          onRowsPerPageChange={(e) => {
            const size = Number(e.target.value);
            setPrefs({ perPage: size });
            onParamsChange({ ...params, page: 1, per_page: size });
          }}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`table.${type}Page`)}
          sx={{ ml: 'auto', borderBottom: 0, '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 1 } }}
        />
      </Box>
    </Paper>
  );
}
