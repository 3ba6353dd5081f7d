import type { ReactElement } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HealthAndSafetyOutlinedIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LocalPharmacyOutlinedIcon from '@mui/icons-material/LocalPharmacyOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';

/** Icons for the sidebar groups of contracts' roleMenu, and for single-page entries by page. */
const byName: Record<string, SvgIconComponent> = {
  system: SettingsOutlinedIcon,
  organisation: ApartmentIcon,
  members: GroupsOutlinedIcon,
  member: GroupsOutlinedIcon,
  alerts: NotificationsActiveOutlinedIcon,
  'abnormal-log': NotificationsActiveOutlinedIcon,
  care: HealthAndSafetyOutlinedIcon,
  vitals: MonitorHeartOutlinedIcon,
  logs: HistoryIcon,
  pharmacy: LocalPharmacyOutlinedIcon,
  'medication-delivery': LocalPharmacyOutlinedIcon,
};

/** The sidebar icon of a group or page, as an element (the component is picked from the table, never made per render). */
export function navIcon(name: string): ReactElement {
  const Icon = byName[name] ?? ArticleOutlinedIcon;
  return <Icon fontSize="small" />;
}
