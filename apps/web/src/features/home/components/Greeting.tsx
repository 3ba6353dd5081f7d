import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import dayjs from 'dayjs';
import { type Role, roleLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { useProfileSummary } from '../api.ts';

export function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

/** Who is signed in and where: the greeting, today's date, organisation, area and role. */
export function Greeting() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const { user, role } = useSession();
  const profile = useProfileSummary();
  const now = dayjs();
  const p = profile.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography variant="h1" component="h1" data-testid="greeting">
        {t(greetingKey(now.hour()), { name: p?.name ?? user?.name ?? '' })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('home.today', { date: formatDate(now, locale, 'long') })}
      </Typography>
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }} data-testid="home-identity">
        {p ? (
          <>
            <Chip icon={<ApartmentIcon />} variant="outlined" label={t('common.labelled', { label: t('home.organisation'), value: p.org_name })} />
            <Chip icon={<PlaceOutlinedIcon />} variant="outlined" label={t('common.labelled', { label: t('home.area'), value: p.area_name ?? t('home.allAreas') })} />
            <Chip icon={<BadgeOutlinedIcon />} variant="outlined" label={t('common.labelled', { label: t('home.role'), value: t(roleLabelKey[(p.role in roleLabelKey ? p.role : role) as Role]) })} />
          </>
        ) : (
          <Skeleton variant="rounded" width={320} height={32} />
        )}
      </Stack>
    </Paper>
  );
}
