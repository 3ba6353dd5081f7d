import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LockResetIcon from '@mui/icons-material/LockReset';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut } from '../../features/auth/index.ts';
import { HeadshotAvatar } from '../../features/personal/index.ts';
import { withGlobalLoading } from '../../lib/global-loading.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';

/** SPEC §2: personal info only if reachable, password change, logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pages } = useNavigation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = user?.name ?? '';
  const logout = () => {
    close();
    void withGlobalLoading(signOut());
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('common.labelled', { label: t('shell.accountMenu'), value: name })}
        title={name}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="account-menu-button"
      >
        <HeadshotAvatar name={name} headshot={user?.headshot} />
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {pages.has('personal') && (
          <MenuItem component={Link} to="/personal" onClick={close}>
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('shell.personal')}</ListItemText>
          </MenuItem>
        )}
        {pages.has('pass-modify') && (
          <MenuItem component={Link} to="/pass-modify" onClick={close}>
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('shell.passModify')}</ListItemText>
          </MenuItem>
        )}
        {pages.has('second-factor') && (
          <MenuItem component={Link} to="/second-factor" onClick={close}>
            <ListItemIcon>
              <SecurityIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('page.second-factor')}</ListItemText>
          </MenuItem>
        )}
        {pages.has('sessions') && (
          <MenuItem component={Link} to="/sessions" onClick={close}>
            <ListItemIcon>
              <DevicesIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('page.sessions')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={logout} data-testid="logout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
