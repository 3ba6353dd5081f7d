import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  type CareDueRow,
  type CareHandleKind,
  type CarePackageRow,
  ControlledLevel,
  DoseNotGivenReason,
  DoseOutcome,
  doseOutcomeLabelKey,
  EducateUnderstanding,
  MedicationFrequency,
  Resource,
  carePackageResource,
  careDueResource,
  doseEnteredInErrorRequest,
  doseNotGivenReasonLabelKey,
  educateUnderstandingLabelKey,
  handleDietRequest,
  handleEcgRequest,
  handleHealthRequest,
  handleMedicalRecordRequest,
  handleFollowRequest,
  handlePackageMedicineRequest,
  handleScheduleRequest,
  handleSymptomRequest,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { ActionDialog, type ResourceDialog, dialog, useResourceDetail, useResourceOptions } from '../../../components/resource/index.ts';
import { choices, zeroToTen } from '../records/cells.tsx';

/** The record list each kind's handle changes (its state and handles show there too). */
const recordResource: Record<CareHandleKind, string> = {
  health: Resource.careHealth,
  follow: Resource.careFollowUp,
  schedule: Resource.careSchedule,
  'package-medicine': Resource.carePackage,
  symptiom: Resource.careSymptom,
  diet: Resource.careDiet,
  ecg: Resource.ecg,
  'medical-record': Resource.medicalRecords,
};

/** The due list of a kind (`/handle/<kind>`): its page reads it, its handles are posted to it. */
export const handlePath = (kind: CareHandleKind) => careDueResource[kind].path;

/** What a row action opens: the kind's own handle, or for a dose one of its three entries. */
export type HandleAction = 'handle' | 'given' | 'notGiven' | 'enteredInError';

const contentFields = (t: TFunction) => [
  { name: 'content' as const, label: t('care.handle.content'), required: true, multiline: true },
  { name: 'remark' as const, label: t('care.handle.remark'), multiline: true },
];

/** A due item's handle form: what its kind asks before the content and remark. */
function handleDialog(t: TFunction, row: CareDueRow): ResourceDialog {
  const start = { record_id: row.id, content: '', remark: '' };
  switch (row.kind) {
    case 'health': {
      const understanding = choices(EducateUnderstanding, educateUnderstandingLabelKey, t);
      const fields = [
        { name: 'understanding' as const, label: t('care.handle.understanding'), required: true, helperText: t('care.handle.understandingHelp'), options: understanding },
      ];
      return dialog({ schema: handleHealthRequest, defaultValues: start, fields: [...fields, ...contentFields(t)] });
    }
    case 'follow':
      return dialog({
        schema: handleFollowRequest,
        defaultValues: { record_id: row.id, next_appointment_at: null, content: '' },
        fields: [
          { name: 'content', label: t('care.handle.result'), required: true, multiline: true, helperText: t('care.handle.resultHelp') },
          { name: 'next_appointment_at', label: t('care.handle.nextAppointment'), kind: 'datetime' },
          { name: 'remark', label: t('care.handle.remark'), multiline: true },
        ],
      });
    case 'schedule':
    case 'package-medicine': {
      const fields = [{ name: 'done' as const, label: t('care.handle.done'), kind: 'switch' as const, helperText: t('care.handle.doneHelp') }];
      return dialog({ schema: handleScheduleRequest, defaultValues: { occurrence_id: row.id, done: true, content: '', remark: '' }, fields: [...fields, ...contentFields(t)] });
    }
    // Care records II: a pain reassessment records the score it found; the other kinds what was done.
    case 'symptiom': {
      const fields = [{ name: 'score' as const, label: t('care.handle.reassessScore'), required: true, helperText: t('care.handle.reassessScoreHelp'), options: zeroToTen }];
      return dialog({ schema: handleSymptomRequest, defaultValues: start, fields: [...fields, ...contentFields(t)] });
    }
    default: {
      const schema = row.kind === 'diet' ? handleDietRequest : row.kind === 'ecg' ? handleEcgRequest : handleMedicalRecordRequest;
      return dialog({ schema, defaultValues: start, fields: contentFields(t) });
    }
  }
}

function notGivenDialog(t: TFunction, row: CareDueRow): ResourceDialog {
  return dialog({
    schema: handlePackageMedicineRequest,
    defaultValues: { dose_id: row.id, outcome: DoseOutcome.notGiven, reason_text: '', content: '', remark: '' },
    fields: [
      { name: 'reason', label: t('care.handle.dose.reason'), required: true, options: choices(DoseNotGivenReason, doseNotGivenReasonLabelKey, t) },
      { name: 'reason_text', label: t('care.handle.dose.reasonText'), helperText: t('care.handle.dose.reasonTextHelp') },
      ...contentFields(t),
    ],
  });
}

/**
 * A dose given: its time and amount (in the medicine's unit), the PRN override for an as-needed
 * medicine, and the witness's sign-in for a controlled one. Which of them the form shows comes
 * from the package, so the server's -5 on any of them has a field to land on.
 */
function givenDialog(t: TFunction, pkg: CarePackageRow, target: { dose_id: number } | { package_id: number }): ResourceDialog {
  const prn = pkg.frequency === MedicationFrequency.prn;
  const controlled = pkg.controlled_level !== ControlledLevel.none;
  return dialog({
    schema: handlePackageMedicineRequest,
    // The optional texts start absent, so the body carries only what the user wrote.
    defaultValues: { ...target, outcome: DoseOutcome.given, given_at: nowSeconds(), amount: pkg.dose, content: t(doseOutcomeLabelKey[DoseOutcome.given]) },
    fields: [
      { name: 'given_at', label: t('care.handle.dose.givenAt'), kind: 'datetime', max: nowSeconds(), helperText: t('care.handle.dose.givenAtHelp') },
      { name: 'amount', label: t('care.handle.dose.amount', { unit: pkg.unit }), type: 'number', step: 0.25, min: 0.25 },
      ...(prn
        ? [
            {
              name: 'override_reason' as const,
              label: t('care.handle.dose.overrideReason'),
              helperText: t('care.handle.dose.overrideHelp', { interval: pkg.prn_min_interval_minutes, max: pkg.prn_max_per_24h }),
            },
          ]
        : []),
      ...(controlled
        ? [
            {
              name: 'witness_account' as const,
              label: t('care.handle.dose.witnessAccount'),
              required: true,
              autoComplete: 'off',
              helperText: t('care.handle.dose.witnessHelp'),
            },
            { name: 'witness_password' as const, label: t('care.handle.dose.witnessPassword'), type: 'password' as const, required: true, autoComplete: 'off' },
          ]
        : []),
      ...contentFields(t),
    ],
  });
}

function enteredInErrorDialog(t: TFunction): ResourceDialog {
  return dialog({
    schema: doseEnteredInErrorRequest,
    defaultValues: { error_reason: '' },
    fields: [{ name: 'error_reason', label: t('care.handle.dose.errorReason'), required: true, multiline: true, helperText: t('care.handle.dose.errorHelp') }],
  });
}

type Opened = { row: CareDueRow; action: HandleAction };

/** Writes of a handle change the due list and the record's own list and detail. */
const touchesOf = (kind: CareHandleKind) => [handlePath(kind), recordResource[kind]];

/** The given form of a due dose (`doseId`) or, for an as-needed dose, of its package. */
function GivenDialog({ pkg, doseId, title, onClose }: { pkg: CarePackageRow; doseId?: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  // Built once per package: a new form on every render would reset what the user typed.
  const form = useMemo(() => givenDialog(t, pkg, doseId === undefined ? { package_id: pkg.id } : { dose_id: doseId }), [t, pkg, doseId]);
  const route = Resource.handlePackageMedicine;
  return (
    <ActionDialog
      title={t('care.handle.dose.givenTitle', { name: pkg.member_name, title })}
      dialog={form}
      method="POST"
      path={route}
      permission={{ method: 'POST', route }}
      touches={touchesOf('package-medicine')}
      onClose={onClose}
    />
  );
}

/** A due dose's given form waits for its package (unit, dose, PRN limits, controlled level). */
function GivenDoseDialog({ row, onClose }: { row: CareDueRow; onClose: () => void }) {
  const pkg = useResourceDetail(carePackageResource, row.record_id);
  // The http client has said why the package could not be read; the row's action can be tried again.
  useEffect(() => {
    if (pkg.isError) onClose();
  }, [pkg.isError, onClose]);
  return pkg.data ? <GivenDialog pkg={pkg.data} doseId={row.id} title={row.title} onClose={onClose} /> : null;
}

/** The dialog a row action opens, built for the row's kind. */
export function HandleDialog({ opened, onClose }: { opened: Opened; onClose: () => void }) {
  const { row, action } = opened;
  if (action === 'given') return <GivenDoseDialog row={row} onClose={onClose} />;
  return <WriteDialog row={row} action={action} onClose={onClose} />;
}

function WriteDialog({ row, action, onClose }: { row: CareDueRow; action: Exclude<HandleAction, 'given'>; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useMemo(() => (action === 'handle' ? handleDialog(t, row) : action === 'notGiven' ? notGivenDialog(t, row) : enteredInErrorDialog(t)), [action, t, row]);
  const who = { name: row.member_name, title: row.title };
  // A dose entered in error corrects its handle; the other actions add one to the item.
  const error = action === 'enteredInError';
  const method = error ? 'PATCH' : 'POST';
  const route = error ? `${Resource.handlePackageMedicine}/error/{id}` : handlePath(row.kind);
  return (
    <ActionDialog
      title={t(error ? 'care.handle.dose.errorTitle' : action === 'notGiven' ? 'care.handle.dose.notGivenTitle' : 'care.handle.handleTitle', who)}
      dialog={form}
      method={method}
      path={error ? `${Resource.handlePackageMedicine}/error/${row.last_handle?.id}` : route}
      permission={{ method, route }}
      touches={touchesOf(row.kind)}
      onClose={onClose}
    />
  );
}

/**
 * An as-needed (PRN) dose has no time and is never due: the staff member picks the member's PRN
 * package, then records it in the same given form, its minimum interval and daily maximum shown.
 */
export function PrnDoseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const packages = useResourceOptions(carePackageResource);
  const prn = (packages.data ?? []).filter((p) => p.frequency === MedicationFrequency.prn && p.enable);
  const [picked, setPicked] = useState<CarePackageRow | null>(null);
  const [confirmed, setConfirmed] = useState<CarePackageRow | null>(null);
  if (confirmed) return <GivenDialog pkg={confirmed} title={confirmed.medicine_name} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="prn-dialog-title">
      <DialogTitle id="prn-dialog-title">{t('care.handle.dose.prnTitle')}</DialogTitle>
      <DialogContent>
        <Autocomplete<CarePackageRow>
          sx={{ mt: 1 }}
          options={prn}
          value={picked}
          loading={packages.isFetching}
          onChange={(_e, p) => setPicked(p)}
          getOptionLabel={(p) => `${p.member_name} · ${p.medicine_name} ${p.dose} ${p.unit}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('care.handle.dose.noPrn')}
          loadingText={t('common.loading')}
          renderInput={(params) => <TextField {...params} label={t('care.handle.dose.prnPackage')} required />}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={!picked} onClick={() => setConfirmed(picked)}>
          {t('care.handle.dose.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
