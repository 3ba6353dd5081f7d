import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { AlertBellSlot } from './AlertBellSlot.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { RouteProgress } from './RouteProgress.tsx';

type Props = {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  title: string;
  /** Width the persistent sidebar takes on wide screens (0 when collapsed or on a narrow screen). */
  inset: number;
};

export function TopBar({ sidebarOpen, onToggleSidebar, title, inset }: Props) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="default"
      sx={{
        // Sits beside the sidebar rather than over it, so the sidebar's logo stays visible.
        width: inset ? `calc(100% - ${inset}px)` : '100%',
        ml: `${inset}px`,
        transition: (theme) => theme.transitions.create(['width', 'margin'], { duration: theme.transitions.duration.shorter }),
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <RouteProgress />
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          onClick={onToggleSidebar}
          data-testid="sidebar-toggle"
        >
          {sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Typography variant="h6" component="p" noWrap sx={{ flex: 1, fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LanguageMenu />
          <ThemeToggle />
          <AlertBellSlot />
          <AccountMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
