import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { type SidebarItem, isStaffRole, roleFamily } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuLabel } from '../../../lib/labels.ts';
import { useNavigation } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { IndexPanels } from './IndexPanels.tsx';

type Section = { id: string; title: string; links: { path: string; label: string }[] };

function flatten(items: readonly SidebarItem[]): SidebarItem[] {
  return items.flatMap((item) => (item.type === 0 ? flatten(item.lower) : [item]));
}

/** The live panels the role may read, then one card per sidebar section the user can open, plus their account pages. */
export default function Overview() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { sidebar, pages } = useNavigation();
  const family = isStaffRole(role) ? roleFamily[role] : null;

  const sections: Section[] = [];
  const shortcuts: Section['links'] = [];
  for (const item of sidebar) {
    if (item.type === 0) {
      sections.push({
        id: item.name,
        title: menuLabel(t, item, family),
        links: flatten(item.lower).map((link) => ({ path: link.path, label: menuLabel(t, link, family) })),
      });
    } else {
      shortcuts.push({ path: item.path, label: menuLabel(t, item, family) });
    }
  }
  if (shortcuts.length > 0) sections.push({ id: 'shortcuts', title: t('home.shortcuts'), links: shortcuts });
  const account = (['personal', 'pass-modify'] as const)
    .filter((p) => pages.has(p))
    .map((p) => ({ path: `/${p}`, label: t(`page.${p}`) }));
  const workspaceEmpty = sections.length === 0;
  if (account.length > 0) sections.push({ id: 'account', title: t('home.account'), links: account });

  return (
    <>
      <IndexPanels />
      <Box component="section" aria-labelledby="home-workspace">
        <Typography id="home-workspace" variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('home.workspace')}
        </Typography>
        {workspaceEmpty && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('home.noSections')}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
            alignItems: 'start',
          }}
        >
          {sections.map((section) => (
            <Card
              key={section.id}
              variant="outlined"
              component="section"
              aria-labelledby={`home-section-${section.id}`}
              data-testid="home-section"
            >
              <CardContent sx={{ pb: 1 }}>
                <Typography id={`home-section-${section.id}`} variant="h3" component="h3">
                  {section.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('home.pageCount', { count: section.links.length })}
                </Typography>
              </CardContent>
              <List dense disablePadding sx={{ pb: 1 }}>
                {section.links.map((link) => (
                  <ListItem key={link.path} disablePadding>
                    <ListItemButton component={Link} to={link.path} sx={{ px: 2 }}>
                      <ListItemText primary={link.label} />
                      <ChevronRightIcon fontSize="small" aria-hidden />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Card>
          ))}
        </Box>
      </Box>
    </>
  );
}
