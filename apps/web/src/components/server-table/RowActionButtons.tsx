import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import type { HttpMethod } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

export type Permission = { method: HttpMethod; route: string };

/**
 * A page's own row action (reset a password, rotate a key, open settings): an icon button named by
 * its label. `hidden` may depend on the row (unbind only what is bound); `disabled` adds a row
 * condition to the permission check.
 */
export type CustomRowAction<Row> = {
  id: string;
  label: string | ((row: Row) => string);
  icon: ReactNode;
  onClick: (row: Row) => void;
  permission?: Permission;
  hidden?: boolean | ((row: Row) => boolean);
  disabled?: (row: Row) => boolean;
  color?: 'default' | 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
};

/** Row actions of the kit; each is disabled when its call is not permitted, and may be hidden (SPEC §2 vital tables). */
export type RowActions<Row> = {
  /** Shown before the standard actions, in the given order. */
  custom?: CustomRowAction<Row>[];
  edit?: { onClick: (row: Row) => void; permission?: Permission; hidden?: boolean };
  delete?: { onClick: (row: Row) => void; permission?: Permission; hidden?: boolean };
  enable?: {
    isOn: (row: Row) => boolean;
    onToggle: (row: Row) => void;
    permission?: Permission;
    hidden?: boolean;
  };
  follow?: {
    isOn: (row: Row) => boolean;
    onToggle: (row: Row) => void;
    permission?: Permission;
    hidden?: boolean;
  };
};

/** Whether a table has any action to show, and so an actions column (or a card's action row). */
export function hasVisibleActions<Row>(actions: RowActions<Row> | undefined): boolean {
  const { custom = [], ...standard } = actions ?? {};
  return [...Object.values(standard), ...custom].some((a) => a && a.hidden !== true);
}

/** One row's action buttons, in the table's pinned column and in a phone card alike. */
export function RowActionButtons<Row>({
  row,
  actions,
  can,
}: {
  row: Row;
  actions: RowActions<Row>;
  can: (p?: Permission) => boolean;
}) {
  const { t } = useTranslation();
  const { edit, delete: remove, enable, follow, custom = [] } = actions;
  return (
    <>
      {custom.map((action) => {
        const hidden = typeof action.hidden === 'function' ? action.hidden(row) : action.hidden;
        if (hidden) return null;
        const label = typeof action.label === 'function' ? action.label(row) : action.label;
        return (
          <Tooltip key={action.id} title={label}>
            <span>
              <IconButton
                size="small"
                color={action.color}
                aria-label={label}
                disabled={!can(action.permission) || Boolean(action.disabled?.(row))}
                onClick={() => action.onClick(row)}
              >
                {action.icon}
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
      {enable && !enable.hidden && (
        <Switch
          size="small"
          checked={enable.isOn(row)}
          disabled={!can(enable.permission)}
          onChange={() => enable.onToggle(row)}
          slotProps={{ input: { 'aria-label': enable.isOn(row) ? t('common.disable') : t('common.enable') } }}
        />
      )}
      {follow && !follow.hidden && (
        <Tooltip title={follow.isOn(row) ? t('common.unfollow') : t('common.follow')}>
          <span>
            <IconButton
              size="small"
              aria-pressed={follow.isOn(row)}
              aria-label={follow.isOn(row) ? t('common.unfollow') : t('common.follow')}
              disabled={!can(follow.permission)}
              onClick={() => follow.onToggle(row)}
            >
              {follow.isOn(row) ? (
                <StarIcon fontSize="small" color="warning" />
              ) : (
                <StarBorderIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
      )}
      {edit && !edit.hidden && (
        <Tooltip title={t('common.edit')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('common.edit')}
              disabled={!can(edit.permission)}
              onClick={() => edit.onClick(row)}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {remove && !remove.hidden && (
        <Tooltip title={t('common.delete')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('common.delete')}
              disabled={!can(remove.permission)}
              onClick={() => remove.onClick(row)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}
