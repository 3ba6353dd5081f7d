import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useQuery } from '@tanstack/react-query';
import { Resource, defaultStandards, standardKindLabelKey, standardKindUnit, standardList, unitLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../components/form/translate-error.ts';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { useDraft } from '../../../lib/draft.ts';
import { request } from '../../../lib/http.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { useWrite } from '../../../components/resource/index.ts';
import { type StandardLine, hasOverMax, isOverride, linesOf, resetDraft, standardUpdateOf, validateDraft } from './standards.ts';

const standardRoute = `${Resource.user}/standard`;
/** The table before the standards load (one array, so the draft does not start over on every render). */
const noLines: StandardLine[] = [];

const rangeText = (min: number, max: number, over?: number) => `${min} – ${max}${over === undefined ? '' : ` (${over})`}`;

/** Member detail tab: the 13 standards with SPEC §9's defaults beside the member's values, editable and resettable. */
export function StandardsTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const path = `${standardRoute}/${memberId}`;
  const query = useQuery({ queryKey: [standardRoute, memberId], queryFn: ({ signal }) => request(path, { schema: standardList, signal }) });
  const [loaded] = useDraft(query.data, (d) => linesOf(d.list), noLines);
  const [lines, setLines] = useDraft(loaded, (l) => l, noLines);
  const save = useWrite<ReturnType<typeof standardUpdateOf>>((body) => ({ method: 'PUT', path, body }), [standardRoute]);

  const errors = lines.map(validateDraft);
  const invalid = errors.some((e) => Object.keys(e).length > 0);
  const body = standardUpdateOf(lines, loaded);
  const dirty = body.standards.length + body.reset.length > 0;
  const edit = (i: number, patch: Partial<StandardLine>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch, reset: false } : l)));
  const reset = (i: number) => setLines(lines.map((l, j) => (j === i ? { ...resetDraft(l), reset: true, overridden: l.overridden } : l)));

  const cell = (i: number, field: 'min' | 'max' | 'overMax', label: string) => (
    <TextField
      size="small"
      value={lines[i]![field]}
      onChange={(e) => edit(i, { [field]: e.target.value })}
      error={Boolean(errors[i]![field])}
      helperText={translateError(t, errors[i]![field])}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t(standardKindLabelKey[lines[i]!.kind])} ${label}` } }}
      sx={{ width: 110 }}
    />
  );

  return (
    <Stack spacing={2}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('admin.member.tabs.standard')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.standard.kind')}</TableCell>
              <TableCell>{t('admin.standard.unit')}</TableCell>
              <TableCell>{t('admin.standard.default')}</TableCell>
              <TableCell>{t('admin.standard.min')}</TableCell>
              <TableCell>{t('admin.standard.max')}</TableCell>
              <TableCell>{t('admin.standard.overMax')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => {
              const def = defaultStandards[line.kind];
              const custom = !line.reset && (line.overridden || isOverride(line));
              return (
                <TableRow key={line.kind}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{t(standardKindLabelKey[line.kind])}</span>
                      {custom && <Chip size="small" color="primary" variant="outlined" label={t('admin.standard.overridden')} />}
                    </Stack>
                  </TableCell>
                  <TableCell>{t(unitLabelKey[standardKindUnit[line.kind]])}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{rangeText(def.min, def.max, def.overMax)}</TableCell>
                  <TableCell>{cell(i, 'min', t('admin.standard.min'))}</TableCell>
                  <TableCell>{cell(i, 'max', t('admin.standard.max'))}</TableCell>
                  <TableCell>{hasOverMax(line.kind) ? cell(i, 'overMax', t('admin.standard.overMax')) : '-'}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('admin.standard.resetOne')}>
                      <IconButton size="small" aria-label={t('common.labelled', { label: t('admin.standard.resetOne'), value: t(standardKindLabelKey[line.kind]) })} onClick={() => reset(i)}>
                        <RestartAltIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" disabled={!dirty} onClick={() => setLines(loaded)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => setLines(lines.map((l) => ({ ...resetDraft(l), reset: true, overridden: l.overridden })))}>{t('admin.standard.resetAll')}</Button>
        <PermissionButton method={actionPermission.memberStandard.method} route={actionPermission.memberStandard.route} variant="contained" disabled={!dirty || invalid || save.isPending} onClick={() => save.mutate(body)}>
          {t('admin.common.saveChanges')}
        </PermissionButton>
      </Stack>
    </Stack>
  );
}
