import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { toggleThemeMode, useThemeMode } from '../lib/theme-mode.ts';
import { DarkModeGlyph, LightModeGlyph } from './glyphs.tsx';

/** Uses a native title rather than MUI Tooltip: the sign-in page shows it and must stay free of Popper. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <IconButton color="inherit" onClick={toggleThemeMode} aria-label={label} title={label} data-testid="theme-toggle" data-mode={mode}>
      {mode === 'dark' ? <LightModeGlyph /> : <DarkModeGlyph />}
    </IconButton>
  );
}
