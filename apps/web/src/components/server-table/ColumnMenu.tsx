import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The table's named columns (a column without a label cannot be told apart in a menu, so it always shows). */
  columns: { id: string; label: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
};

/** Show or hide a table's columns; the last shown column cannot be hidden, so a table never goes blank. */
export function ColumnMenu({ columns, hidden, onChange }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const shown = columns.filter((c) => !hidden.includes(c.id)).length;
  const toggle = (id: string) =>
    onChange(hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id]);

  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<ViewColumnOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
      >
        {hidden.length > 0 ? t('table.columnsHidden', { count: hidden.length }) : t('table.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((c) => {
          const isShown = !hidden.includes(c.id);
          return (
            <MenuItem
              key={c.id}
              role="menuitemcheckbox"
              aria-checked={isShown}
              disabled={isShown && shown === 1}
              onClick={() => toggle(c.id)}
              dense
            >
              <ListItemIcon>
                {isShown ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{c.label}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem dense disabled={hidden.length === 0} onClick={() => onChange([])}>
          {t('table.showAllColumns')}
        </MenuItem>
      </Menu>
    </>
  );
}
