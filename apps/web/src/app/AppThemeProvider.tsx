import { type ReactNode, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider is what MUI's ThemeProvider renders for a theme without CSS variables (ours);
// MUI's own also imports the CSS-variables provider, about 3 KB gzipped on the sign-in page for nothing.
import { ThemeProvider } from '@mui/system';
import { useThemeMode } from '../lib/theme-mode.ts';
import { createAppTheme } from './theme.ts';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
