import { useEffect } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  type BodyMainPart,
  type BodyView,
  type CareSymptomCreateInput,
  OrganPosition,
  PainTool,
  PainType,
  SymptomFinding,
  WoundCategory,
  bodyMainPartLabelKey,
  bodyMainPartSmallParts,
  bodySmallPartLabelKey,
  bodyViewLabelKey,
  careSymptomCreate,
  enumValues,
  organPositionLabelKey,
  painToolLabelKey,
  painTypeLabelKey,
  pressureInjuryCategories,
  symptomFindingLabelKey,
  symptomScore,
  woundCategoryLabelKey,
  type PainadItems,
  type SymptomSite,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps, FieldOption } from '../../../components/form/FormField.tsx';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { type ResourceDialog, dialog, enumOptions } from '../../../components/resource/index.ts';
import { BodyMap } from './BodyMap.tsx';
import type { useMemberField } from '../records/member-picker.tsx';
import { choices, zeroToTen } from '../records/cells.tsx';
import { symptomPhotos } from '../records/record-files.ts';

/**
 * A new assessment through the kit's form dialog: the body map and its sites, and PAINAD's items,
 * are two `custom` fields; the rest are the kit's own. The schema (`careSymptomCreate`) checks the
 * sites, the tool and PAINAD together, and its errors land under the part they name.
 */

type Values = CareSymptomCreateInput;
type Field = CustomFieldProps<Values>;
/** A site's parts picked from a list. */
type SiteChoice = 'small_part' | 'organ_position' | 'finding' | 'pain_type' | 'intensity' | 'category';

const painadKeys = ['breathing', 'vocalization', 'facial', 'body_language', 'consolability'] as const;
const zeroPainad: PainadItems = { breathing: 0, vocalization: 0, facial: 0, body_language: 0, consolability: 0 };

const newSite = (view: BodyView, part: BodyMainPart, worst: boolean): SymptomSite => ({
  view,
  main_part: part,
  small_part: null,
  organ_position: null,
  finding: SymptomFinding.pain,
  pain_type: null,
  intensity: null,
  category: null,
  worst,
});

/** PAINAD's five items, 0–2 each: held only while the PAINAD tool is chosen (null otherwise, as the schema asks). */
function PainadItemsField({ label, value, onChange, values, errorAt }: Field) {
  const { t } = useTranslation();
  const painad = values.tool === PainTool.painad;
  const items = (value as PainadItems | null | undefined) ?? null;
  useEffect(() => {
    if (painad && items === null) onChange(zeroPainad);
    if (!painad && items !== null) onChange(null);
  }, [painad, items, onChange]);
  if (!painad || items === null) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={label}>
      {painadKeys.map((k) => (
        <TextField
          key={k}
          select
          size="small"
          label={t(`careRecords.symptom.painad.${k}`)}
          value={items[k]}
          onChange={(e) => onChange({ ...items, [k]: Number(e.target.value) })}
          error={Boolean(errorAt(k))}
          helperText={errorAt(k)}
          sx={{ minWidth: 150 }}
        >
          {[0, 1, 2].map((v) => (
            <MenuItem key={v} value={v}>
              {v}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}

/**
 * The body map and, for each marked part, what it is: pain with its type, 0–10 intensity and the
 * worst site, or a wound or pressure injury with its category. The score follows as it is typed.
 */
function SymptomSitesField({ value, onChange, values, errorAt }: Field) {
  const { t } = useTranslation();
  const sites = (value as SymptomSite[] | undefined) ?? [];
  const tool = values.tool ?? PainTool.numeric;
  const update = (i: number, patch: Partial<SymptomSite>) => onChange(sites.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const toggle = (view: BodyView, part: BodyMainPart) => {
    const at = sites.findIndex((s) => s.view === view && s.main_part === part);
    if (at < 0) return onChange([...sites, newSite(view, part, !sites.some((s) => s.worst))]);
    const rest = sites.filter((_, j) => j !== at);
    // The worst mark moves to the next pain site when its own site goes.
    if (sites[at].worst && !rest.some((s) => s.worst)) {
      const next = rest.findIndex((s) => s.finding === SymptomFinding.pain);
      if (next >= 0) rest[next] = { ...rest[next], worst: true };
    }
    onChange(rest);
  };
  const siteName = (s: SymptomSite) => t('careRecords.symptom.region', { part: t(bodyMainPartLabelKey[s.main_part]), view: t(bodyViewLabelKey[s.view]) });
  const score = symptomScore({ tool, painad: tool === PainTool.painad ? (values.painad ?? null) : null, sites });
  // One of a site's choices; choosing sets it alone unless `patch` says what else changes with it.
  const select = (
    i: number,
    name: SiteChoice,
    label: string,
    options: FieldOption[],
    opts: { required?: boolean; helper?: string; patch?: (v: number | null) => Partial<SymptomSite> } = {},
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={sites[i][name] ?? ''}
      required={opts.required}
      onChange={(e) => {
        const v = e.target.value === '' ? null : Number(e.target.value);
        update(i, opts.patch ? opts.patch(v) : ({ [name]: v } as Partial<SymptomSite>));
      }}
      error={Boolean(errorAt(`${i}.${name}`))}
      helperText={errorAt(`${i}.${name}`) ?? opts.helper}
    >
      {!opts.required && <MenuItem value="">{t('common.notSet')}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('careRecords.symptom.mapHelp')}
      </Typography>
      <BodyMap marked={sites.map((s) => ({ view: s.view, part: s.main_part, intensity: s.intensity }))} onToggle={toggle} />
      {errorAt() && (
        <Typography color="error" role="alert" variant="body2">
          {errorAt()}
        </Typography>
      )}
      {sites.map((s, i) => {
        const pain = s.finding === SymptomFinding.pain;
        const categories = enumValues(WoundCategory).filter((c) => pressureInjuryCategories.includes(c) === (s.finding === SymptomFinding.pressureInjury));
        return (
          <Paper key={`${s.view}-${s.main_part}`} variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={siteName(s)}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2" component="h3">
                {siteName(s)}
              </Typography>
              <IconButton aria-label={t('careRecords.symptom.removeSite', { site: siteName(s) })} onClick={() => toggle(s.view, s.main_part)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 1 }}>
              {select(
                i,
                'small_part',
                t('careRecords.symptom.smallPart'),
                bodyMainPartSmallParts[s.main_part].map((p) => ({ value: p, label: t(bodySmallPartLabelKey[p]) })),
              )}
              {select(i, 'organ_position', t('careRecords.symptom.organPosition'), choices(OrganPosition, organPositionLabelKey, t))}
              {select(i, 'finding', t('careRecords.symptom.finding'), choices(SymptomFinding, symptomFindingLabelKey, t), {
                required: true,
                patch: (v) => (v === SymptomFinding.pain ? { finding: v, category: null } : { finding: v as SymptomFinding, pain_type: null, intensity: null, worst: false }),
              })}
              {pain ? (
                <>
                  {select(i, 'pain_type', t('careRecords.symptom.painType'), choices(PainType, painTypeLabelKey, t), { required: true })}
                  {tool === PainTool.numeric &&
                    select(i, 'intensity', t('careRecords.symptom.intensity'), zeroToTen, { required: true, helper: t('careRecords.symptom.intensityHelp') })}
                  <FormControlLabel
                    control={<Radio checked={s.worst} onChange={() => onChange(sites.map((x, j) => ({ ...x, worst: j === i })))} />}
                    label={t('careRecords.symptom.worst')}
                  />
                </>
              ) : (
                select(i, 'category', t('careRecords.symptom.category'), enumOptions(categories, woundCategoryLabelKey, t), { required: true })
              )}
            </Box>
          </Paper>
        );
      })}
      <Typography aria-live="polite">{score === null ? t('careRecords.symptom.noScore') : t('careRecords.symptom.scoreIs', { score })}</Typography>
    </Stack>
  );
}

/** The new-assessment dialog, for the member the list is filtered to (if any). */
export function symptomDialog(t: TFunction, member: ReturnType<typeof useMemberField>, memberId: number | null): ResourceDialog {
  return dialog({
    schema: careSymptomCreate,
    wide: true,
    defaultValues: { member_id: memberId ?? undefined, assessed_at: nowSeconds(), tool: PainTool.numeric, painad: null, sites: [], onset_at: null, photos: [] },
    fields: [
      member,
      { name: 'assessed_at', label: t('careRecords.symptom.assessedAt'), kind: 'datetime', required: true },
      { name: 'tool', label: t('careRecords.symptom.tool'), required: true, options: choices(PainTool, painToolLabelKey, t) },
      { name: 'painad', label: t('careRecords.symptom.painadItems'), kind: 'custom', render: (f) => <PainadItemsField {...f} /> },
      { name: 'sites', label: t('careRecords.symptom.sites'), kind: 'custom', render: (f) => <SymptomSitesField {...f} /> },
      { name: 'onset_at', label: t('careRecords.symptom.onset'), kind: 'datetime' },
      { name: 'notes', label: t('careRecords.symptom.notes'), multiline: true },
      { name: 'photos', label: t('careRecords.symptom.photos'), kind: 'files', files: symptomPhotos },
    ],
  });
}
