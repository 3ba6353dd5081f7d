import Button, { type ButtonProps } from '@mui/material/Button';
import type { HttpMethod } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../lib/session.ts';

type Props = ButtonProps & { method: HttpMethod; route: string };

/**
 * SPEC §6: a button bound to the call it makes is disabled when the permission list lacks that
 * method and route. The reason is given in its accessible description.
 */
export function PermissionButton({ method, route, disabled, title, ...rest }: Props) {
  const { t } = useTranslation();
  const allowed = usePermission(method, route);
  return (
    <Button
      {...rest}
      disabled={disabled || !allowed}
      title={allowed ? title : t('common.noPermission')}
      data-permission={allowed ? 'granted' : 'denied'}
    />
  );
}
