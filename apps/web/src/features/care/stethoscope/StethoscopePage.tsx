import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  type CareStethoscopeRow,
  Organ,
  Resource,
  StethoscopeMode,
  careStethoscopeCreate,
  careStethoscopeResource,
  organLabelKey,
  organPositionLabelKey,
  organPositions,
  stethoscopeModeLabelKey,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { dialog, orDash } from '../../../components/resource/index.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { choices, timeColumn, when } from '../records/cells.tsx';
import type { MemberField } from '../records/member-picker.tsx';
import { stethoscopeAudio } from '../records/record-files.ts';
import { ViewDialog } from '../records/view-dialog.tsx';
import { AudioPlayer } from './AudioPlayer.tsx';

function stethoscopeConfig(t: TFunction, member: MemberField): CareListConfig<CareStethoscopeRow> {
  const modes = choices(StethoscopeMode, stethoscopeModeLabelKey, t);
  const siteOf = (r: CareStethoscopeRow) => t('careRecords.stethoscope.site', { organ: t(organLabelKey[r.organ]), position: t(organPositionLabelKey[r.position]) });
  return {
    page: 'stethoscope',
    resource: careStethoscopeResource,
    orderBy: 'recorded_at',
    labels: { create: t('careRecords.stethoscope.create') },
    columns: [
      timeColumn('recorded_at', t('careRecords.stethoscope.recordedAt')),
      { id: 'member_name', label: member.label },
      { id: 'mode', label: t('careRecords.stethoscope.mode'), render: (r) => t(stethoscopeModeLabelKey[r.mode]) },
      { id: 'position', label: t('careRecords.stethoscope.position'), render: siteOf },
      { id: 'findings', label: t('careRecords.stethoscope.findings'), render: (r) => orDash(r.findings) },
      { id: 'recorder_name', label: t('careRecords.stethoscope.recorder'), render: (r) => orDash(r.recorder_name) },
    ],
    filters: [{ name: 'type', label: t('careRecords.stethoscope.mode'), kind: 'select', options: modes }],
    views: [
      {
        id: 'play',
        label: t('careRecords.stethoscope.play'),
        icon: <PlayArrowIcon fontSize="small" />,
        color: 'primary',
        permission: { method: 'GET', route: `${Resource.fileStethoscope}/{id}` },
        render: (r, onClose) => (
          <ViewDialog title={t('careRecords.stethoscope.playingTitle', { member: r.member_name, site: siteOf(r) })} maxWidth="md" onClose={onClose}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {`${when(r.recorded_at)} · ${t(stethoscopeModeLabelKey[r.mode])}`}
            </Typography>
            <AudioPlayer name={r.audio} recordId={r.id} title={siteOf(r)} />
          </ViewDialog>
        ),
      },
    ],
    create: (origin) =>
      dialog({
        schema: careStethoscopeCreate,
        defaultValues: {
          member_id: origin.memberId ?? undefined,
          recorded_at: nowSeconds(),
          mode: StethoscopeMode.membrane,
          organ: Organ.heart,
          position: organPositions[Organ.heart][0],
        },
        fields: [
          member,
          { name: 'recorded_at', label: t('careRecords.stethoscope.recordedAt'), kind: 'datetime', required: true },
          { name: 'mode', label: t('careRecords.stethoscope.mode'), required: true, options: modes },
          { name: 'organ', label: t('careRecords.stethoscope.organ'), required: true, options: choices(Organ, organLabelKey, t) },
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
  };
}

/** SPEC §2 `stethoscope`: auscultation recordings with playback, waveform and download. */
export default function StethoscopePage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(stethoscopeConfig)} memberId={memberId} title={title} />;
}
