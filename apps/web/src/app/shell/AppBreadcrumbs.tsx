import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBreadcrumbNames } from '../../lib/breadcrumb-name.ts';
import { useSession } from '../../lib/session.ts';
import { breadcrumbTrail } from './breadcrumb-trail.ts';

/**
 * SPEC §2 breadcrumbs: home first, then one crumb per path segment; the last is the current page. A
 * segment naming a record (an id) shows the name its page published (useBreadcrumbName).
 */
export function AppBreadcrumbs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { role } = useSession();
  const trail = breadcrumbTrail(pathname, role);
  const names = useBreadcrumbNames();
  const label = (keys: string[], text: string) => {
    const name = names.get(text);
    if (name) return name;
    const key = keys.find((k) => i18n.exists(k));
    return key ? t(key) : text;
  };
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumb')} separator={<NavigateNextIcon fontSize="small" />} sx={{ mb: 2 }} data-testid="breadcrumbs">
      {trail.map((crumb, index) =>
        index === trail.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
            {label(crumb.keys, crumb.text)}
          </Typography>
        ) : (
          <MuiLink key={crumb.path} component={Link} to={crumb.path} underline="hover" color="inherit">
            {label(crumb.keys, crumb.text)}
          </MuiLink>
        ),
      )}
    </Breadcrumbs>
  );
}
