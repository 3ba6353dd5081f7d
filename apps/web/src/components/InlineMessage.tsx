import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A bordered message for forms (the sign-in failure, a session that ended). Lighter than MUI Alert,
 * whose icons and close button the sign-in page's size budget cannot afford.
 */
export function InlineMessage({ severity, children, testId }: { severity: 'error' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      sx={{
        px: 2,
        py: 1.25,
        borderRadius: 1,
        border: 1,
        borderLeftWidth: 4,
        borderColor: `${severity}.main`,
        color: 'text.primary',
        bgcolor: 'background.paper',
        fontSize: '0.925rem',
      }}
    >
      {children}
    </Box>
  );
}
