import { type ReactNode, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';

type Props = {
  /** How many filters narrow the list now; the phone's button shows it. */
  active: number;
  /** The filters; a function gets `close`, for a search that should also close the drawer. */
  children: ReactNode | ((close: () => void) => ReactNode);
};

/**
 * A list's filters: in place on a tablet or desktop; on a phone (narrower than 600 px) behind a
 * "Filters" button that says how many are active and opens them in a drawer from the bottom, so the
 * list, not the filters, fills the first screen.
 */
export function FilterPanel({ active, children }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  const content = typeof children === 'function' ? children(close) : children;
  if (!phone) return <>{content}</>;
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        color={active > 0 ? 'primary' : 'inherit'}
        startIcon={<FilterListIcon />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? t('table.filtersActive', { count: active }) : t('table.filters')}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={close}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('table.filters')}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 2, pt: 1, pb: 1, overflowY: 'auto' }}>{content}</Box>
        <Box sx={{ px: 2, pb: 2, pt: 1 }}>
          <Button fullWidth variant="contained" onClick={close}>
            {t('table.showResults')}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
