import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../lib/theme-mode.ts';

/**
 * A calm clinical palette: deep teal primary, slate secondary, soft neutral surfaces. Every text
 * colour below keeps at least 4.5:1 against the surface it sits on (WCAG AA), which the e2e axe
 * scan checks in both modes.
 */
const palettes = {
  light: {
    primary: { main: '#1b6670', light: '#4a8f98', dark: '#0f4a52', contrastText: '#ffffff' },
    secondary: { main: '#3f5a7a', contrastText: '#ffffff' },
    background: { default: '#f3f6f7', paper: '#ffffff' },
    text: { primary: '#18262b', secondary: '#4a5a60' },
    divider: 'rgba(24, 38, 43, 0.12)',
    error: { main: '#b3261e' },
    success: { main: '#2e7d4f' },
    warning: { main: '#8a5a00' },
    info: { main: '#1f5f99' },
  },
  dark: {
    primary: { main: '#7fcfd6', light: '#a6e0e5', dark: '#4fa7af', contrastText: '#0b2226' },
    secondary: { main: '#a9c1e0', contrastText: '#0f1c2b' },
    background: { default: '#0e1518', paper: '#152024' },
    text: { primary: '#e6eef0', secondary: '#a9babf' },
    divider: 'rgba(230, 238, 240, 0.14)',
    error: { main: '#f2a19b' },
    success: { main: '#8fd3a7' },
    warning: { main: '#f0c36a' },
    info: { main: '#9cc8f0' },
  },
} as const;

export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: { mode, ...palettes[mode] },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.4rem', fontWeight: 600 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // A disabled field's helper text still tells why it is disabled or what it will take (a
      // read-only setting, "set a user first"): it keeps the readable secondary colour, which
      // meets WCAG contrast, where MUI's disabled grey does not.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
      // On a phone a form or detail dialog (fullWidth) takes the whole screen, as MUI's fullScreen
      // does, so its fields and actions are not squeezed into a card with margins; a short
      // question (maxWidth xs: confirm, discard) stays a card over the page it is about.
      MuiDialog: {
        styleOverrides: {
          paper: ({ theme }) => ({
            [theme.breakpoints.down('sm')]: {
              '&.MuiDialog-paperFullWidth:not(.MuiDialog-paperWidthXs)': {
                margin: 0,
                width: '100%',
                maxWidth: '100%',
                height: '100%',
                maxHeight: 'none',
                borderRadius: 0,
              },
            },
          }),
        },
      },
      // A user who asked the system for less motion gets none: no spinners turning, bars sliding
      // or alarms flashing (an alert's priority still shows by its icon and words). It also spares
      // the CPU of a console left open all night on a wall screen.
      MuiCssBaseline: {
        styleOverrides: {
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
            },
          },
        },
      },
    },
  });
}
