import { type Theme, alpha, keyframes } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * Tints are drawn as an inset shadow rather than a background, so the pinned actions cell keeps
 * its opaque background (rows scrolled under it stay hidden) and still shows the row's tint.
 */
const tint = (color: string) => `inset 0 0 0 9999px ${color}`;

const fade = (theme: Theme) => keyframes`
  from { box-shadow: ${tint(alpha(theme.palette.primary.main, 0.28))}; }
  to { box-shadow: ${tint('transparent')}; }
`;

/**
 * The just-saved row: a tint that fades over three seconds. With reduced motion asked for it does
 * not fade but stays still until the page drops the highlight.
 */
export const savedLook = (theme: Theme): SystemStyleObject<Theme> => ({
  animation: `${fade(theme)} 3s ease-out 1 both`,
  '@media (prefers-reduced-motion: reduce)': {
    animation: 'none',
    boxShadow: tint(alpha(theme.palette.primary.main, 0.18)),
  },
});

/** The pinned actions cell: stays at the right edge with the paper's background and a rule at its left. */
export const pinnedLook = (theme: Theme): SystemStyleObject<Theme> => ({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: theme.palette.background.paper,
  borderLeft: `1px solid ${theme.palette.divider}`,
  whiteSpace: 'nowrap',
  // As narrow as its buttons: a table narrower than the page gives the spare width to the data.
  width: '1%',
  'tr:hover > &': { boxShadow: tint(theme.palette.action.hover) },
});
