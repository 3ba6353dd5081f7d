import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { ApiPermission } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { buildMatrix, columnPairs, coverage, filterMatrix, groupPairs, matrixColumns, pairKey, rowPairs, setPairs } from './matrix.ts';

type Props = { catalogue: ApiPermission[]; selection: Set<string>; onChange: (next: Set<string>) => void };

function TriBox({ pairs, selection, onChange, label }: { pairs: ApiPermission[]; label: string } & Omit<Props, 'catalogue'>) {
  const state = coverage(selection, pairs);
  return (
    <Checkbox
      size="small"
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={pairs.length === 0}
      onChange={(e) => onChange(setPairs(selection, pairs, e.target.checked))}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/**
 * The pairs an API group holds, one table per resource: rows are routes as the session stores
 * them, columns GET/GETINFO/POST/PUT/PATCH/DELETE; a column or group box ticks all its cells.
 */
export function ApiGroupMatrix({ catalogue, selection, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => buildMatrix(catalogue), [catalogue]);
  const shown = filterMatrix(groups, search);
  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        label={t('admin.apiGroup.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        sx={{ maxWidth: 320 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('admin.apiGroup.selected', { count: selection.size, total: catalogue.length })}
      </Typography>
      {shown.map((group) => (
        <Paper key={group.resource} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`/${group.resource}`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 240 }}>
                  <Box component="label" sx={{ display: 'flex', alignItems: 'center', fontWeight: 600 }}>
                    <TriBox pairs={groupPairs(group)} selection={selection} onChange={onChange} label={t('admin.apiGroup.all', { name: `/${group.resource}` })} />/{group.resource}
                  </Box>
                </TableCell>
                {matrixColumns.map((c) => (
                  <TableCell key={c} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    <TriBox pairs={columnPairs(group, c)} selection={selection} onChange={onChange} label={t('admin.apiGroup.all', { name: `${c} /${group.resource}` })} />
                    <div>{c}</div>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {group.rows.map((row) => (
                <TableRow key={row.route} hover>
                  <TableCell>
                    <Box component="label" sx={{ display: 'flex', alignItems: 'center', fontFamily: 'monospace' }}>
                      <TriBox pairs={rowPairs(row)} selection={selection} onChange={onChange} label={t('admin.apiGroup.all', { name: row.route })} />
                      {row.route}
                    </Box>
                  </TableCell>
                  {matrixColumns.map((c) => {
                    const pair = row.cells[c];
                    return (
                      <TableCell key={c} align="center">
                        {pair ? (
                          <Checkbox
                            size="small"
                            checked={selection.has(pairKey(pair))}
                            onChange={(e) => onChange(setPairs(selection, [pair], e.target.checked))}
                            slotProps={{ input: { 'aria-label': `${pair.method} ${pair.route}` } }}
                          />
                        ) : null}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
