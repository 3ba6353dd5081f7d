import { Fragment, type Key } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListParams } from './list-params.ts';
import { type Permission, RowActionButtons, type RowActions } from './RowActionButtons.tsx';
import { savedLook } from './row-look.ts';
import { type Column, cellContent } from './column.ts';

type Props<Row> = {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  actions?: RowActions<Row>;
  showActions: boolean;
  can: (p?: Permission) => boolean;
  highlight?: Key | null;
  params: ListParams;
  onParamsChange: (params: ListParams) => void;
};

/**
 * A table on a phone: one card per row, its first shown column as the card's title, the others as
 * label and value, its actions underneath. Headers cannot be clicked here, so sorting is a select.
 */
export function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  showActions,
  can,
  highlight,
  params,
  onParamsChange,
}: Props<Row>) {
  const { t } = useTranslation();
  const [title, ...fields] = columns;
  return (
    <Stack spacing={1.5} sx={{ pt: 0.5 }}>
      <SortSelect columns={columns} params={params} onParamsChange={onParamsChange} />
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={key}
              data-saved={key === highlight || undefined}
              sx={[{ p: 1.5 }, key === highlight && ((theme) => savedLook(theme))]}
            >
              {title && (
                <Typography
                  component="div"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, mb: fields.length > 0 ? 0.75 : 0, overflowWrap: 'anywhere' }}
                >
                  {cellContent(title, row)}
                </Typography>
              )}
              {fields.length > 0 && (
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(6rem, max-content) 1fr',
                    columnGap: 1.5,
                    rowGap: 0.75,
                    m: 0,
                    alignItems: 'baseline',
                  }}
                >
                  {fields.map((c) => (
                    <Fragment key={c.id}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                      >
                        {cellContent(c, row)}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              )}
              {showActions && actions && (
                <Box
                  role="group"
                  aria-label={t('common.actions')}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'flex-end',
                    alignItems: 'center',
                    mt: 1,
                  }}
                >
                  <RowActionButtons row={row} actions={actions} can={can} />
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** Sorting for cards: each sortable column ascending or descending, as its header would. */
function SortSelect<Row>({
  columns,
  params,
  onParamsChange,
}: Pick<Props<Row>, 'columns' | 'params' | 'onParamsChange'>) {
  const { t } = useTranslation();
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  const current = `${params.order_by}:${params.order}`;
  const options = sortable.flatMap((c) =>
    (['asc', 'desc'] as const).map((order) => ({
      value: `${c.id}:${order}`,
      label: t(`table.sort.${order}`, { column: c.label }),
    })),
  );
  // The list's own order (often by id, which no column shows) stays selectable as it is.
  const known = options.some((o) => o.value === current);
  return (
    <TextField
      select
      size="small"
      label={t('table.sortBy')}
      value={current}
      onChange={(e) => {
        const [orderBy, order] = e.target.value.split(':');
        onParamsChange({
          ...params,
          page: 1,
          order_by: orderBy ?? params.order_by,
          order: order === 'desc' ? 'desc' : 'asc',
        });
      }}
    >
      {!known && <MenuItem value={current}>{t('table.sort.default')}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
