import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  type CareStethoscopeRow,
  Organ,
  Resource,
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
import { nowSeconds } from '../../../components/form/field-time.ts';
import { type Column, ResourcePage, dialog, enumOptions, orDash } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { memberField, useMemberFilter, useMemberOptions } from '../records/member-picker.tsx';
import { stethoscopeAudio } from '../records/record-files.ts';

/** SPEC §2 `stethoscope`: auscultation recordings with playback, waveform and download. */
export default function StethoscopePage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const [playing, setPlaying] = useState<CareStethoscopeRow | null>(null);
  const modes = enumOptions(enumValues(StethoscopeMode), stethoscopeModeLabelKey, t);
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
        filters={[{ name: 'type', label: t('careRecords.stethoscope.mode'), kind: 'select', options: modes }]}
        {...filter}
        create={{
          label: t('careRecords.stethoscope.create'),
          dialog: dialog({
            schema: careStethoscopeCreate,
            defaultValues: { recorded_at: nowSeconds(), mode: StethoscopeMode.membrane, organ: Organ.heart, position: organPositions[Organ.heart][0] },
            fields: [
              memberField(memberLabel, members),
              { name: 'recorded_at', label: t('careRecords.stethoscope.recordedAt'), kind: 'datetime', required: true },
              { name: 'mode', label: t('careRecords.stethoscope.mode'), required: true, options: modes },
              { name: 'organ', label: t('careRecords.stethoscope.organ'), required: true, options: enumOptions(enumValues(Organ), organLabelKey, t) },
              {
                name: 'position',
                label: t('careRecords.stethoscope.position'),
                required: true,
                // The organ's own auscultation points.
                options: (values) => (values.organ === undefined ? [] : organPositions[values.organ].map((p) => ({ value: p, label: t(organPositionLabelKey[p]) }))),
              },
              { name: 'audio', label: t('careRecords.stethoscope.audio'), kind: 'files', required: true, files: stethoscopeAudio },
              { name: 'findings', label: t('careRecords.stethoscope.findings'), multiline: true },
            ],
          }),
        }}
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
