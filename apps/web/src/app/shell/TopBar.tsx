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

export function TopBar({ sidebarOpen, onToggleSidebar, title }: { sidebarOpen: boolean; onToggleSidebar: () => void; title: string }) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="default"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
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
