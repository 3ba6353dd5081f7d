import { useState } from 'react';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { MedicalState, type MemberRow, Resource, medicalStateLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/session.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { ActionDialog } from '../../../components/resource/index.ts';
import { medicalStateDialog } from './member-form.ts';

type Tone = 'error' | 'warning' | 'info' | 'success' | 'secondary';

/** States that need attention stand out: an emergency in red, a hospital stay in amber, away from the home in blue. */
const stateTone: Record<MedicalState, Tone> = {
  [MedicalState.homeHealthcare]: 'success',
  [MedicalState.atHome]: 'success',
  [MedicalState.outdoors]: 'info',
  [MedicalState.emergency]: 'error',
  [MedicalState.hospitalized]: 'warning',
  [MedicalState.daycare]: 'secondary',
  [MedicalState.homeHospice]: 'secondary',
  [MedicalState.community]: 'info',
  [MedicalState.nursingHome]: 'success',
  [MedicalState.consultation]: 'warning',
};

/**
 * The member's medical state as a status chip; clicking it (with the permission) opens the change
 * dialog, which writes the medical-state log. Without the permission it is the same chip, not
 * clickable, so the state stays as readable as for an editor.
 */
export function MedicalStateButton({ member }: { member: Pick<MemberRow, 'id' | 'name' | 'medical_state'> }) {
  const { t } = useTranslation();
  const permission = actionPermission.memberState;
  const allowed = usePermission(permission.method, permission.route);
  const [open, setOpen] = useState(false);
  const state = member.medical_state as MedicalState;
  const tone = stateTone[state] ?? 'secondary';
  const label = t(medicalStateLabelKey[state]);
  return (
    <>
      <Chip
        size="small"
        label={label}
        onClick={allowed ? () => setOpen(true) : undefined}
        // The name starts with the state the chip shows, so a speech user can say what they see.
        aria-label={allowed ? t('admin.member.stateChip', { state: label, name: member.name }) : undefined}
        // A tinted chip with the tone's dark (light theme) or light (dark theme) text keeps AA contrast in both themes.
        sx={(theme) => {
          const main = theme.palette[tone].main;
          return {
            fontWeight: 600,
            bgcolor: alpha(main, theme.palette.mode === 'dark' ? 0.22 : 0.12),
            color: theme.palette.mode === 'dark' ? theme.palette[tone].light : theme.palette[tone].dark,
            border: 1,
            borderColor: alpha(main, 0.45),
            '&.MuiChip-clickable:hover': { bgcolor: alpha(main, theme.palette.mode === 'dark' ? 0.32 : 0.2) },
          };
        }}
      />
      {open && (
        <ActionDialog
          title={t('admin.member.changeStateOf', { name: member.name })}
          dialog={medicalStateDialog(t, member)}
          method="PATCH"
          path={`${Resource.user}/state/${member.id}`}
          permission={permission}
          touches={[Resource.user, Resource.medicalUser]}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
