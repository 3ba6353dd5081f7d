import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicationIcon from '@mui/icons-material/Medication';
import SchoolIcon from '@mui/icons-material/School';
import HealingIcon from '@mui/icons-material/Healing';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import HearingIcon from '@mui/icons-material/Hearing';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import type { PageKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../../lib/navigation.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

/**
 * The lists of SPEC §2's member-care area (`member/info/:id/<page>`): the eleven care kinds and the
 * member's alert log. The care feature's member-care page renders each (care/pages.tsx) but ECG.
 */
const careRecordPages: { page: PageKey; icon: ReactElement; path?: (memberId: number) => string }[] = [
  { page: 'educate', icon: <SchoolIcon /> },
  { page: 'reconsultation', icon: <LocalHospitalIcon /> },
  { page: 'service-schedule', icon: <EventRepeatIcon /> },
  { page: 'package-record', icon: <MedicationIcon /> },
  { page: 'symptom-manage', icon: <HealingIcon /> },
  { page: 'diet-manage', icon: <RestaurantIcon /> },
  { page: 'stethoscope', icon: <HearingIcon /> },
  { page: 'health-report', icon: <DescriptionIcon /> },
  { page: 'medical-record', icon: <HistoryEduIcon /> },
  { page: 'opd', icon: <EventAvailableIcon /> },
  // ECG records are readings with a handle: their page takes the member in its own path.
  { page: 'ecg', icon: <MonitorHeartIcon />, path: (id) => `/ecg/${id}` },
  { page: 'abnormal-log', icon: <NotificationsActiveIcon /> },
];

/** The care record pages the signed-in user can open (the shell's route table: role, permission, built). */
export function useCareRecordPages(): PageKey[] {
  const { pages } = useNavigation();
  return careRecordPages.filter((p) => pages.has(p.page)).map((p) => p.page);
}

/** Links from a member's detail to each of their care record lists the user may open. */
export function CareRecordLinks({ memberId, pages }: { memberId: number; pages: PageKey[] }) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('admin.member.careRecordsHint', { term })}</Typography>
      <Stack component="nav" aria-label={t('admin.member.careRecords')} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {careRecordPages
          .filter((p) => pages.includes(p.page))
          .map((p) => (
            <Button key={p.page} component={RouterLink} to={p.path ? p.path(memberId) : `/member/info/${memberId}/${p.page}`} variant="outlined" startIcon={p.icon}>
              {t(`page.${p.page}`)}
            </Button>
          ))}
      </Stack>
    </Stack>
  );
}
