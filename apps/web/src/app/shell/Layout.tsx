import { type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CONTENT_MIN_HEIGHT_VH, DRAWER_WIDE_LANGUAGES, DRAWER_WIDTH_NARROW, DRAWER_WIDTH_WIDE, type RoleFamily, type SidebarItem } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useRoutePending } from '../../lib/route-pending.ts';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { SideNav } from './SideNav.tsx';
import { SkipLink } from './SkipLink.tsx';
import { TopBar } from './TopBar.tsx';

/** SPEC §2/§9: 280 for en, th and ja, whose labels run longer; 240 otherwise. */
export function drawerWidth(language: string): number {
  return (DRAWER_WIDE_LANGUAGES as readonly string[]).includes(language) ? DRAWER_WIDTH_WIDE : DRAWER_WIDTH_NARROW;
}

type Props = { sidebar: SidebarItem[]; family: RoleFamily | null; title: string; children: ReactNode };

/**
 * Top bar, sidebar and content. On wide screens the sidebar is a persistent drawer the toggle
 * collapses; on narrow screens it is a temporary drawer over the content, closed after navigating.
 */
export function Layout({ sidebar, family, title, children }: Props) {
  const theme = useTheme();
  const { i18n } = useTranslation();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = drawerWidth(i18n.language);
  // The old page stays while the next one loads: say so to assistive technology and dim it.
  const pending = useRoutePending();
  const open = desktop ? desktopOpen : mobileOpen;
  const toggle = () => (desktop ? setDesktopOpen((o) => !o) : setMobileOpen((o) => !o));
  const paper = { id: 'app-sidebar', sx: { width, boxSizing: 'border-box' as const } };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar sidebarOpen={open} onToggleSidebar={toggle} title={title} inset={desktop && desktopOpen ? width : 0} />
      {desktop ? (
        <Drawer variant="persistent" open={desktopOpen} slotProps={{ paper }} sx={{ width: desktopOpen ? width : 0, flexShrink: 0 }}>
          <SideNav items={sidebar} family={family} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper }}
        >
          <SideNav items={sidebar} family={family} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        aria-busy={pending}
        sx={{
          flex: 1,
          minWidth: 0,
          outline: 'none',
          opacity: pending ? 0.6 : 1,
          transition: theme.transitions.create(['margin', 'opacity'], { duration: theme.transitions.duration.shorter }),
        }}
      >
        <Toolbar />
        <Container maxWidth="xl" sx={{ py: 3, minHeight: `${CONTENT_MIN_HEIGHT_VH}vh` }} data-testid="content">
          <AppBreadcrumbs />
          {children}
        </Container>
      </Box>
    </Box>
  );
}
