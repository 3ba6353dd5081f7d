import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { type Locale } from '@vigil/contracts';
import { changeLocale, localeStore } from '../../lib/i18n.ts';
import { useStore } from '../../lib/store.ts';

/** SPEC §2: the language menu offers Chinese and English, each named in its own language. */
const order: Locale[] = ['zh-TW', 'en'];

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useStore(localeStore);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (locale: Locale) => {
    setAnchor(null);
    void changeLocale(locale);
  };
  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton
          color="inherit"
          aria-label={t('language.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="language-menu-button"
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {order.map((locale) => (
          <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => choose(locale)}>
            <ListItemIcon>{locale === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`language.${locale}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
