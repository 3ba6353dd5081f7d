import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import type { RoleFamily, SidebarItem } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { menuLabel } from '../../lib/labels.ts';
import { navBadges, useNavBadge } from '../../lib/nav-badges.ts';
import { useStore } from '../../lib/store.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { navIcon } from './nav-icons.tsx';
import { groupContains, topLevelPath } from './sidebar-items.ts';

type Props = { items: SidebarItem[]; family: RoleFamily | null; onNavigate?: () => void };

function NavLink({ item, family, depth, top, onNavigate }: { item: SidebarItem; family: RoleFamily | null; depth: number; top: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const selected = topLevelPath(item.path) === top;
  const badge = useNavBadge(item.path);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={item.path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: 2 + depth * 2, borderRadius: 2, mx: 1 }}
      >
        {depth === 0 && (
          <ListItemIcon sx={{ minWidth: 40 }}>{navIcon(item.name)}</ListItemIcon>
        )}
        <ListItemText primary={menuLabel(t, item, family)} slotProps={{ primary: { noWrap: true } }} />
        <WaitingBadge count={badge} />
      </ListItemButton>
    </ListItem>
  );
}

/** What waits on a page (a pharmacy's new orders), as a count beside its name. */
function WaitingBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      aria-label={t('shell.waiting', { count })}
      data-testid="nav-badge"
      sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
    />
  );
}

function NavGroup({ item, family, depth, top, onNavigate }: { item: SidebarItem; family: RoleFamily | null; depth: number; top: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const containsCurrent = groupContains(item, top);
  const [open, setOpen] = useState(containsCurrent);
  const id = `nav-group-${item.name}`;
  const badges = useStore(navBadges);
  // A closed group still says that something inside waits.
  const childBadges = item.lower.reduce((sum, child) => sum + (badges[child.path] ?? 0), 0);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        sx={{ pl: 2 + depth * 2, borderRadius: 2, mx: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: containsCurrent ? 'primary.main' : undefined }}>{navIcon(item.name)}</ListItemIcon>
        <ListItemText
          primary={menuLabel(t, item, family)}
          slotProps={{ primary: { noWrap: true, fontWeight: containsCurrent ? 600 : undefined } }}
        />
        {!open && <WaitingBadge count={childBadges} />}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List disablePadding>
          <NavItems items={item.lower} family={family} depth={depth + 1} top={top} onNavigate={onNavigate} />
        </List>
      </Collapse>
    </ListItem>
  );
}

function NavItems({ items, family, depth, top, onNavigate }: { items: SidebarItem[]; family: RoleFamily | null; depth: number; top: string; onNavigate?: () => void }) {
  return (
    <>
      {items.map((item) =>
        item.type === 0 ? (
          <NavGroup key={`g-${item.name}`} item={item} family={family} depth={depth} top={top} onNavigate={onNavigate} />
        ) : (
          <NavLink key={item.path} item={item} family={family} depth={depth} top={top} onNavigate={onNavigate} />
        ),
      )}
    </>
  );
}

/** Drawer content: the logo linking home, a Home entry, then the filtered server sidebar tree. */
export function SideNav({ items, family, onNavigate }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const top = topLevelPath(pathname);
  const atHome = top === '/' || top === '/home';
  // `/` leads to the role's landing page, which is not always home; /home always is.
  const homePath = useNavigation().landing === 'home' ? '/' : '/home';
  return (
    // The logo is a link home too, so the navigation landmark holds it with the list: no part of
    // the drawer is left outside a landmark.
    <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2 }}>
        <Box
          component={Link}
          to="/"
          aria-label={t('shell.logoHome')}
          onClick={onNavigate}
          sx={{ textDecoration: 'none', display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 4 } }}
        >
          <Logo size={30} />
        </Box>
      </Toolbar>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }} data-testid="sidebar">
        <List disablePadding sx={{ display: 'grid', gap: 0.25 }}>
          <ListItem disablePadding>
            <ListItemButton
              component={Link}
              to={homePath}
              selected={atHome}
              aria-current={atHome ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ pl: 2, borderRadius: 2, mx: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <HomeOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t('page.home')} />
            </ListItemButton>
          </ListItem>
          <NavItems items={items} family={family} depth={0} top={top} onNavigate={onNavigate} />
        </List>
      </Box>
    </Box>
  );
}
