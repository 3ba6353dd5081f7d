import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Vigil's mark: a heartbeat line inside a rounded tile, the product's "watching over" idea. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      sx={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="#1b6670" />
      <path d="M6 17h5l3-7 4 13 3-6h5" fill="none" stroke="#ffffff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </Box>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} />
      <Box component="span" sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '0.02em', color: 'text.primary' }}>
        {t('app.name')}
      </Box>
    </Box>
  );
}
