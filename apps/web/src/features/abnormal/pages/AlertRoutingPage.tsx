import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type AlertPriority,
  type AlertRouteCategory,
  type AlertRoutingRule,
  type AlertRoutingView,
  type StaffRole,
  alertPriorityLabelKey,
  alertRouteCategories,
  alertRouteCategoryLabelKey,
  isStaffRole,
  operatorRoles,
  roleLabelKey,
  roleOrgType,
  staffRoles,
} from '@vigil/contracts';
import { useAreaOptions } from '../../../components/resource/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { abnormalKeys, fetchAlertRouting, saveAlertRouting } from '../api.ts';

const priorities: AlertPriority[] = ['high', 'medium', 'low'];
type Relation = AlertRoutingView['relations'][number];

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list, value] : list.filter((v) => v !== value);

function CheckGroup<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {options.map((o) => (
          <FormControlLabel
            key={String(o.value)}
            control={
              <Checkbox
                checked={value.includes(o.value)}
                onChange={(e) => onChange(toggle(value, o.value, e.target.checked))}
              />
            }
            label={o.label}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Alert routing (docs/alert-rules.md "Routing"): which categories and priorities of the
 * organisation's alerts reach which of its roles and areas, and which categories each related
 * organisation receives. Every list of open alerts, the bell, the wall and the live channel follow
 * it as soon as it is saved.
 */
export default function AlertRoutingPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const client = useQueryClient();
  const areas = useAreaOptions();
  const { data } = useQuery({
    queryKey: abnormalKeys.routing,
    queryFn: ({ signal }) => fetchAlertRouting(signal),
  });
  // The form edits a copy of what was loaded; until the first edit it shows the loaded set.
  const [edited, setEdited] = useState<{ rules?: AlertRoutingRule[]; relations?: Relation[] }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rules = edited.rules ?? data?.rules ?? [];
  const relations = edited.relations ?? data?.relations ?? [];
  const setRules = (change: (all: AlertRoutingRule[]) => AlertRoutingRule[]) =>
    setEdited((e) => ({ ...e, rules: change(e.rules ?? data?.rules ?? []) }));
  const setRelations = (change: (all: Relation[]) => Relation[]) =>
    setEdited((e) => ({ ...e, relations: change(e.relations ?? data?.relations ?? []) }));

  const orgType = isStaffRole(role) ? roleOrgType[role] : null;
  const roleOptions = staffRoles
    .filter((r) => !operatorRoles.has(r) && roleOrgType[r] === orgType)
    .map((r) => ({ value: r as StaffRole, label: t(roleLabelKey[r]) }));
  const priorityOptions = priorities.map((p) => ({ value: p, label: t(alertPriorityLabelKey[p]) }));
  const categoryOptions = alertRouteCategories.map((c) => ({
    value: c,
    label: t(alertRouteCategoryLabelKey[c]),
  }));

  const save = useMutation({
    mutationFn: () =>
      saveAlertRouting({
        rules,
        relations: relations.map((r) => ({ related_org_id: r.related_org_id, categories: r.categories })),
      }),
    onSuccess: (saved) => {
      setErrors({});
      setEdited({});
      client.setQueryData(abnormalKeys.routing, saved);
      // What the lists and the bell show has changed with the rules.
      void client.invalidateQueries({ queryKey: abnormalKeys.all });
      notifySuccess();
    },
    onError: (e) =>
      setErrors(
        Object.fromEntries(
          e instanceof ApiError ? e.errors.map((f) => [f.field, f.message]) : [['', 'error.system']],
        ),
      ),
  });
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const setRule = (i: number, next: Partial<AlertRoutingRule>) =>
    setRules((all) => all.map((r, j) => (j === i ? { ...r, ...next } : r)));

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <Typography variant="h5" component="h1">
        {t('page.alert-routing')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('abnormal.routing.intro')}
      </Typography>
      {!data && <LinearProgress aria-label={t('common.loading')} />}
      {data?.is_default && <Alert severity="info">{t('abnormal.routing.defaults')}</Alert>}
      {errors[''] && <Alert severity="error">{t(errors[''])}</Alert>}
      {rules.map((rule, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }} data-testid="routing-rule">
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              <FormControl
                size="small"
                sx={{ minWidth: 200 }}
                error={Boolean(fieldError(`rules.${i}.category`))}
              >
                <InputLabel id={`routing-category-${i}`}>{t('abnormal.routing.category')}</InputLabel>
                <Select
                  labelId={`routing-category-${i}`}
                  label={t('abnormal.routing.category')}
                  value={rule.category}
                  onChange={(e) => setRule(i, { category: e.target.value as AlertRouteCategory })}
                >
                  {categoryOptions.map((c) => (
                    <MenuItem key={c.value} value={c.value}>
                      {c.label}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {t(`abnormal.routing.about.${rule.category}`)}
              </Typography>
              <Button color="error" onClick={() => setRules((all) => all.filter((_, j) => j !== i))}>
                {t('abnormal.routing.removeRule')}
              </Button>
            </Stack>
            <CheckGroup
              legend={t('abnormal.routing.priorities')}
              options={priorityOptions}
              value={rule.priorities}
              onChange={(p) => setRule(i, { priorities: p })}
              error={fieldError(`rules.${i}.priorities`)}
            />
            <CheckGroup
              legend={t('abnormal.routing.roles')}
              options={roleOptions}
              value={rule.roles}
              onChange={(r) => setRule(i, { roles: r })}
              error={fieldError(`rules.${i}.roles`)}
            />
            {areas.length > 0 && (
              <CheckGroup
                legend={t('abnormal.routing.areas')}
                options={areas}
                value={rule.area_ids}
                onChange={(a) => setRule(i, { area_ids: a })}
                error={fieldError(`rules.${i}.area_ids`)}
              />
            )}
            {rule.area_ids.length === 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('abnormal.routing.allAreas')}
              </Typography>
            )}
          </Stack>
        </Paper>
      ))}
      <div>
        <Button
          variant="outlined"
          onClick={() =>
            setRules((all) => [
              ...all,
              { category: 'clinical', roles: [], priorities: [...priorities], area_ids: [] },
            ])
          }
        >
          {t('abnormal.routing.addRule')}
        </Button>
      </div>
      <Typography variant="h6" component="h2">
        {t('abnormal.routing.relations')}
      </Typography>
      {relations.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('abnormal.routing.noRelations')}
        </Typography>
      ) : (
        relations.map((relation, i) => (
          <Paper
            key={relation.related_org_id}
            variant="outlined"
            sx={{ p: 2 }}
            data-testid="routing-relation"
          >
            <CheckGroup
              legend={relation.related_org_name}
              options={categoryOptions}
              value={relation.categories}
              onChange={(c) =>
                setRelations((all) => all.map((r, j) => (j === i ? { ...r, categories: c } : r)))
              }
              error={fieldError(`relations.${i}.related_org_id`)}
            />
          </Paper>
        ))
      )}
      <div>
        <Button type="submit" variant="contained" disabled={!data || save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
