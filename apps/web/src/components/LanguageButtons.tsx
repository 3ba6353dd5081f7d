import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { locales } from '@vigil/contracts/rules';
import { changeLocale, localeStore } from '../lib/i18n.ts';
import { useStore } from '../lib/store.ts';

/** Compact language choice for pages without the shell's menu (the sign-in page). */
export function LanguageButtons() {
  const { t } = useTranslation();
  const current = useStore(localeStore);
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={t('language.label')}>
      {locales.map((locale) => (
        <Button
          key={locale}
          size="small"
          color="inherit"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => void changeLocale(locale)}
          sx={{ fontWeight: locale === current ? 700 : 400, textDecoration: locale === current ? 'underline' : 'none', textUnderlineOffset: 4 }}
        >
          {t(`language.${locale}`)}
        </Button>
      ))}
    </Stack>
  );
}
