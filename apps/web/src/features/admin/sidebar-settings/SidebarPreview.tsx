import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import type { RoleFamily, SidebarItem } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../../lib/labels.ts';

function PreviewItems({ items, family, depth }: { items: SidebarItem[]; family: RoleFamily | null; depth: number }) {
  const { t } = useTranslation();
  // Each entry is one list item holding its folder's own list, so the lists nest as lists should
  // (a list item directly inside a list), not an item inside an item.
  return items.map((item, i) => (
    <ListItem key={`${item.name}-${i}`} dense disablePadding sx={{ display: 'block' }}>
      <ListItemText
        primary={menuLabel(t, item, family)}
        secondary={item.type === 1 ? item.path : undefined}
        slotProps={{ primary: { fontWeight: item.type === 0 ? 600 : undefined, noWrap: true } }}
        sx={{ pl: 2 + depth * 2, pr: 2, py: 0.5 }}
      />
      {item.type === 0 && item.lower.length > 0 && (
        <List disablePadding>
          <PreviewItems items={item.lower} family={family} depth={depth + 1} />
        </List>
      )}
    </ListItem>
  ));
}

/**
 * How the edited tree will read in the role's sidebar: the same labels (with the role family's
 * member words) the shell shows, folders opened. Permission filtering is the shell's, not shown.
 */
export function SidebarPreview({ items, family }: { items: SidebarItem[]; family: RoleFamily | null }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ width: { md: 280 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      <List aria-label={t('admin.sidebar.preview')} subheader={<ListSubheader>{t('admin.sidebar.preview')}</ListSubheader>} dense>
        <PreviewItems items={items} family={family} depth={0} />
      </List>
    </Paper>
  );
}
