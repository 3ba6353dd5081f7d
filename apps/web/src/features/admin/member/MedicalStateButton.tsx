import { useState } from 'react';
import Button from '@mui/material/Button';
import { type MemberRow, Resource, medicalStateLabelKey, type MedicalState } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/session.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { medicalStateDialog } from './member-form.ts';

const stateRoute = `${Resource.user}/state/{id}`;

/** The member's medical state; clicking opens the change dialog, which writes the medical-state log. */
export function MedicalStateButton({ member }: { member: Pick<MemberRow, 'id' | 'name' | 'medical_state'> }) {
  const { t } = useTranslation();
  const allowed = usePermission('PATCH', stateRoute);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" disabled={!allowed} onClick={() => setOpen(true)} aria-label={t('admin.member.changeStateOf', { name: member.name })}>
        {t(medicalStateLabelKey[member.medical_state as MedicalState])}
      </Button>
      {open && (
        <ActionDialog
          title={t('admin.member.changeStateOf', { name: member.name })}
          config={medicalStateDialog(t, member)}
          method="PATCH"
          path={`${Resource.user}/state/${member.id}`}
          route={stateRoute}
          touches={[Resource.user, Resource.medicalUser]}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
