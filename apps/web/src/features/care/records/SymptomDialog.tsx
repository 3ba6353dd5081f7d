import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  type BodyMainPart,
  BodyView,
  CARE_ATTACHMENT_LIMIT,
  CARE_ATTACHMENT_MAX_MB,
  OrganPosition,
  PainTool,
  PainType,
  Resource,
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
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { useSave } from '../../../components/resource/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { BodyMap } from './BodyMap.tsx';
import { MemberPicker } from './member-picker.tsx';
import { localTime, nowLocalInput, optionalLocalTime } from './form-time.ts';
import { uploadFile } from '../../../lib/stored-files.ts';

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

/**
 * A new assessment on the body map: mark parts on the front or back, then for each site what it
 * is (pain with its type and 0–10 intensity, or a wound or pressure injury with its category), the
 * worst site, PAINAD for a member who cannot say, onset, notes and photos. The server's -5 errors
 * appear under their fields; closing with unsaved marks asks first.
 */
export function SymptomDialog({ memberId, onClose }: { memberId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSave<unknown>(Resource.careSymptom, [Resource.handleSymptom, Resource.abnormal]);
  const [member, setMember] = useState<number | null>(memberId);
  const [assessedAt, setAssessedAt] = useState(nowLocalInput());
  const [onset, setOnset] = useState('');
  const [tool, setTool] = useState<PainTool>(PainTool.numeric);
  const [painad, setPainad] = useState<PainadItems>(zeroPainad);
  const [sites, setSites] = useState<SymptomSite[]>([]);
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const dirty = sites.length > 0 || notes !== '' || photos.length > 0;

  const err = (field: string) => translateError(t, errors[field]);
  const update = (i: number, patch: Partial<SymptomSite>) => setSites((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const toggle = (view: BodyView, part: BodyMainPart) =>
    setSites((list) => {
      const at = list.findIndex((s) => s.view === view && s.main_part === part);
      if (at >= 0) {
        const rest = list.filter((_, j) => j !== at);
        // The worst mark moves to the next pain site when its own site goes.
        if (list[at].worst && !rest.some((s) => s.worst)) {
          const next = rest.findIndex((s) => s.finding === SymptomFinding.pain);
          if (next >= 0) rest[next] = { ...rest[next], worst: true };
        }
        return rest;
      }
      return [...list, newSite(view, part, !list.some((s) => s.worst))];
    });
  const setWorst = (i: number) => setSites((list) => list.map((s, j) => ({ ...s, worst: j === i })));
  const score = symptomScore({ tool, painad: tool === PainTool.painad ? painad : null, sites });

  const submit = async () => {
    const form = {
      member_id: member ?? undefined,
      assessed_at: localTime.safeParse(assessedAt).data,
      tool,
      painad: tool === PainTool.painad ? painad : null,
      sites,
      onset_at: optionalLocalTime.parse(onset || null),
      notes: notes || null,
      photos,
    };
    const checked = careSymptomCreate.safeParse(form);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    try {
      await save.mutateAsync({ body: checked.data });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(Object.fromEntries(e.errors.map((f) => [f.field, f.message])));
    }
  };

  const upload = async (files: File[]) => {
    try {
      const names = await Promise.all(files.map((f) => uploadFile('/file/symptiom', f)));
      setPhotos((p) => [...p, ...names].slice(0, CARE_ATTACHMENT_LIMIT));
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors((x) => ({ ...x, photos: e.errors[0].message }));
    }
  };

  const siteName = (s: SymptomSite) => t('careRecords.symptom.region', { part: t(bodyMainPartLabelKey[s.main_part]), view: t(bodyViewLabelKey[s.view]) });

  return (
    <>
      <Dialog open onClose={() => (dirty ? setConfirmClose(true) : onClose())} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="symptom-dialog-title">
        <DialogTitle id="symptom-dialog-title">{t('careRecords.symptom.create')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MemberPicker value={member} onChange={setMember} required error={err('member_id')} />
              <TextField
                type="datetime-local"
                label={t('careRecords.symptom.assessedAt')}
                value={assessedAt}
                onChange={(e) => setAssessedAt(e.target.value)}
                required
                error={Boolean(err('assessed_at'))}
                helperText={err('assessed_at')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField select label={t('careRecords.symptom.tool')} value={tool} onChange={(e) => setTool(Number(e.target.value) as PainTool)} sx={{ minWidth: 200 }}>
                {enumValues(PainTool).map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(painToolLabelKey[v])}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {tool === PainTool.painad && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {painadKeys.map((k) => (
                  <TextField
                    key={k}
                    select
                    size="small"
                    label={t(`careRecords.symptom.painad.${k}`)}
                    value={painad[k]}
                    onChange={(e) => setPainad((p) => ({ ...p, [k]: Number(e.target.value) }))}
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
            )}
            <Typography variant="body2" color="text.secondary">
              {t('careRecords.symptom.mapHelp')}
            </Typography>
            <BodyMap marked={sites.map((s) => ({ view: s.view, part: s.main_part, intensity: s.intensity }))} onToggle={toggle} />
            {err('sites') && (
              <Typography color="error" role="alert" variant="body2">
                {err('sites')}
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
                    <TextField select size="small" label={t('careRecords.symptom.smallPart')} value={s.small_part ?? ''} onChange={(e) => update(i, { small_part: e.target.value === '' ? null : (Number(e.target.value) as SymptomSite['small_part']) })} error={Boolean(err(`sites.${i}.small_part`))} helperText={err(`sites.${i}.small_part`)}>
                      <MenuItem value="">{t('common.notSet')}</MenuItem>
                      {bodyMainPartSmallParts[s.main_part].map((p) => (
                        <MenuItem key={p} value={p}>
                          {t(bodySmallPartLabelKey[p])}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField select size="small" label={t('careRecords.symptom.organPosition')} value={s.organ_position ?? ''} onChange={(e) => update(i, { organ_position: e.target.value === '' ? null : (Number(e.target.value) as SymptomSite['organ_position']) })}>
                      <MenuItem value="">{t('common.notSet')}</MenuItem>
                      {enumValues(OrganPosition).map((p) => (
                        <MenuItem key={p} value={p}>
                          {t(organPositionLabelKey[p])}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField select size="small" label={t('careRecords.symptom.finding')} value={s.finding} onChange={(e) => {
                      const finding = Number(e.target.value) as SymptomFinding;
                      update(i, finding === SymptomFinding.pain ? { finding, category: null } : { finding, pain_type: null, intensity: null, worst: false });
                    }}>
                      {enumValues(SymptomFinding).map((f) => (
                        <MenuItem key={f} value={f}>
                          {t(symptomFindingLabelKey[f])}
                        </MenuItem>
                      ))}
                    </TextField>
                    {pain ? (
                      <>
                        <TextField select size="small" label={t('careRecords.symptom.painType')} value={s.pain_type ?? ''} required onChange={(e) => update(i, { pain_type: Number(e.target.value) as PainType })} error={Boolean(err(`sites.${i}.pain_type`))} helperText={err(`sites.${i}.pain_type`)}>
                          {enumValues(PainType).map((p) => (
                            <MenuItem key={p} value={p}>
                              {t(painTypeLabelKey[p])}
                            </MenuItem>
                          ))}
                        </TextField>
                        {tool === PainTool.numeric && (
                          <TextField select size="small" label={t('careRecords.symptom.intensity')} value={s.intensity ?? ''} required onChange={(e) => update(i, { intensity: Number(e.target.value) })} error={Boolean(err(`sites.${i}.intensity`))} helperText={err(`sites.${i}.intensity`) ?? t('careRecords.symptom.intensityHelp')}>
                            {Array.from({ length: 11 }, (_, v) => (
                              <MenuItem key={v} value={v}>
                                {v}
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                        <FormControlLabel control={<Radio checked={s.worst} onChange={() => setWorst(i)} />} label={t('careRecords.symptom.worst')} />
                      </>
                    ) : (
                      <TextField select size="small" label={t('careRecords.symptom.category')} value={s.category ?? ''} required onChange={(e) => update(i, { category: Number(e.target.value) as WoundCategory })} error={Boolean(err(`sites.${i}.category`))} helperText={err(`sites.${i}.category`)}>
                        {categories.map((c) => (
                          <MenuItem key={c} value={c}>
                            {t(woundCategoryLabelKey[c])}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  </Box>
                </Paper>
              );
            })}
            <Typography aria-live="polite">{score === null ? t('careRecords.symptom.noScore') : t('careRecords.symptom.scoreIs', { score })}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="datetime-local" label={t('careRecords.symptom.onset')} value={onset} onChange={(e) => setOnset(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label={t('careRecords.symptom.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline fullWidth error={Boolean(err('notes'))} helperText={err('notes')} />
            </Stack>
            <FileUpload
              extensions={['png', 'jpg', 'jpeg', 'webp']}
              maxCount={CARE_ATTACHMENT_LIMIT - photos.length}
              maxSizeMB={CARE_ATTACHMENT_MAX_MB}
              onFiles={(files) => void upload(files)}
              label={t('careRecords.photos', { count: photos.length })}
              hint={err('photos') ?? t('careRecords.photosHint', { max: CARE_ATTACHMENT_MAX_MB, limit: CARE_ATTACHMENT_LIMIT })}
              disabled={photos.length >= CARE_ATTACHMENT_LIMIT}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => (dirty ? setConfirmClose(true) : onClose())}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        title={t('careRecords.discardTitle')}
        message={t('careRecords.discardMessage')}
        confirmLabel={t('careRecords.discard')}
        onConfirm={async () => onClose()}
        onClose={() => setConfirmClose(false)}
      />
    </>
  );
}
