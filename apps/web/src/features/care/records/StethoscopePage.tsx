import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  type CareStethoscopeRow,
  Organ,
  type OrganPosition,
  Resource,
  STETHOSCOPE_AUDIO_MAX_MB,
  StethoscopeMode,
  careStethoscopeCreate,
  careStethoscopeRow,
  enumValues,
  organLabelKey,
  organPositionLabelKey,
  organPositions,
  stethoscopeModeLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, ResourcePage, enumOptions, orDash, useSave } from '../../../components/resource/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { MemberPicker } from './member-picker.tsx';
import { localTime, nowLocalInput } from './form-time.ts';
import { uploadFile } from '../../../lib/stored-files.ts';

/** A new recording: member, time, mode, organ and its auscultation point, the audio file, findings. */
function RecordingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSave<unknown>(Resource.careStethoscope);
  const [member, setMember] = useState<number | null>(null);
  const [recordedAt, setRecordedAt] = useState(nowLocalInput());
  const [mode, setMode] = useState<StethoscopeMode>(StethoscopeMode.membrane);
  const [organ, setOrgan] = useState<Organ>(Organ.heart);
  const [position, setPosition] = useState<OrganPosition>(organPositions[Organ.heart][0]);
  const [audio, setAudio] = useState<{ name: string; file: string } | null>(null);
  const [findings, setFindings] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const dirty = audio !== null || findings !== '';
  const err = (f: string) => translateError(t, errors[f]);
  const close = () => (dirty ? setConfirmClose(true) : onClose());

  const submit = async () => {
    const checked = careStethoscopeCreate.safeParse({
      member_id: member ?? undefined,
      recorded_at: localTime.safeParse(recordedAt).data,
      mode,
      organ,
      position,
      audio: audio?.name,
      findings: findings || null,
    });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
    try {
      await save.mutateAsync({ body: checked.data });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(Object.fromEntries(e.errors.map((f) => [f.field, f.message])));
    }
  };
  const upload = async (files: File[]) => {
    try {
      setAudio({ name: await uploadFile('/file/stethoscope', files[0]), file: files[0].name });
      setErrors(({ audio: _gone, ...rest }) => rest);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors((x) => ({ ...x, audio: e.errors[0].message }));
    }
  };

  return (
    <>
      <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="recording-title">
        <DialogTitle id="recording-title">{t('careRecords.stethoscope.create')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <MemberPicker value={member} onChange={setMember} required error={err('member_id')} />
            <TextField type="datetime-local" label={t('careRecords.stethoscope.recordedAt')} value={recordedAt} onChange={(e) => setRecordedAt(e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={Boolean(err('recorded_at'))} helperText={err('recorded_at')} />
            <TextField select label={t('careRecords.stethoscope.mode')} value={mode} onChange={(e) => setMode(Number(e.target.value) as StethoscopeMode)}>
              {enumValues(StethoscopeMode).map((m) => (
                <MenuItem key={m} value={m}>
                  {t(stethoscopeModeLabelKey[m])}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select fullWidth label={t('careRecords.stethoscope.organ')} value={organ} onChange={(e) => {
                const next = Number(e.target.value) as Organ;
                setOrgan(next);
                setPosition(organPositions[next][0]);
              }}>
                {enumValues(Organ).map((o) => (
                  <MenuItem key={o} value={o}>
                    {t(organLabelKey[o])}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select fullWidth label={t('careRecords.stethoscope.position')} value={position} onChange={(e) => setPosition(Number(e.target.value) as OrganPosition)} error={Boolean(err('position'))} helperText={err('position')}>
                {organPositions[organ].map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(organPositionLabelKey[p])}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <FileUpload
              extensions={['wav', 'mp3', 'm4a']}
              maxCount={1}
              maxSizeMB={STETHOSCOPE_AUDIO_MAX_MB}
              onFiles={(files) => void upload(files)}
              label={t('careRecords.stethoscope.chooseAudio')}
              hint={err('audio') ?? (audio ? audio.file : t('careRecords.stethoscope.audioHint', { max: STETHOSCOPE_AUDIO_MAX_MB }))}
            />
            <TextField label={t('careRecords.stethoscope.findings')} value={findings} onChange={(e) => setFindings(e.target.value)} multiline error={Boolean(err('findings'))} helperText={err('findings')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog open={confirmClose} title={t('careRecords.discardTitle')} message={t('careRecords.discardMessage')} confirmLabel={t('careRecords.discard')} onConfirm={async () => onClose()} onClose={() => setConfirmClose(false)} />
    </>
  );
}

/** SPEC §2 `stethoscope`: auscultation recordings with playback, waveform and download. */
export default function StethoscopePage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const [memberId, setMemberId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [playing, setPlaying] = useState<CareStethoscopeRow | null>(null);
  const extraQuery = useMemo(() => ({ user_id: memberId ?? undefined }), [memberId]);
  const siteOf = (r: CareStethoscopeRow) => t('careRecords.stethoscope.site', { organ: t(organLabelKey[r.organ]), position: t(organPositionLabelKey[r.position]) });
  const columns: Column<CareStethoscopeRow>[] = [
    { id: 'recorded_at', label: t('careRecords.stethoscope.recordedAt'), sortable: true, nowrap: true, render: (r) => formatDate(r.recorded_at, localeStore.get(), 'dateTime') },
    { id: 'member_name', label: memberLabel },
    { id: 'mode', label: t('careRecords.stethoscope.mode'), render: (r) => t(stethoscopeModeLabelKey[r.mode]) },
    { id: 'position', label: t('careRecords.stethoscope.position'), render: siteOf },
    { id: 'findings', label: t('careRecords.stethoscope.findings'), render: (r) => orDash(r.findings) },
    { id: 'recorder_name', label: t('careRecords.stethoscope.recorder'), render: (r) => orDash(r.recorder_name) },
  ];
  return (
    <>
      <ResourcePage
        title={t('page.stethoscope')}
        resource={Resource.careStethoscope}
        row={careStethoscopeRow}
        columns={columns}
        initialParams={{ order: 'desc', order_by: 'recorded_at' }}
        filters={[{ name: 'type', label: t('careRecords.stethoscope.mode'), kind: 'select', options: enumOptions(enumValues(StethoscopeMode), stethoscopeModeLabelKey, t) }]}
        extraQuery={extraQuery}
        searchExtras={<MemberPicker size="small" value={memberId} onChange={setMemberId} />}
        headerActions={
          <PermissionButton method="POST" route={Resource.careStethoscope} variant="contained" onClick={() => setCreating(true)}>
            {t('careRecords.stethoscope.create')}
          </PermissionButton>
        }
        rowActions={[
          {
            id: 'play',
            label: t('careRecords.stethoscope.play'),
            icon: <PlayArrowIcon fontSize="small" />,
            color: 'primary',
            onClick: setPlaying,
            permission: { method: 'GET', route: `${Resource.fileStethoscope}/{id}` },
          },
        ]}
        deletable
      />
      {creating && <RecordingDialog onClose={() => setCreating(false)} />}
      <Dialog open={playing !== null} onClose={() => setPlaying(null)} fullWidth maxWidth="md" aria-labelledby="playing-title">
        {playing && (
          <>
            <DialogTitle id="playing-title">{t('careRecords.stethoscope.playingTitle', { member: playing.member_name, site: siteOf(playing) })}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {`${formatDate(playing.recorded_at, localeStore.get(), 'dateTime')} · ${t(stethoscopeModeLabelKey[playing.mode])}`}
              </Typography>
              <AudioPlayer name={playing.audio} recordId={playing.id} title={siteOf(playing)} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPlaying(null)}>{t('common.close')}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
