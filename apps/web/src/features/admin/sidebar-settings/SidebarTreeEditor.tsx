import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import { MenuType, type SidebarItem, menuTypeLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type TreePath, addItem, canIndent, indentItem, moveItem, outdentItem, removeItem, updateItem } from './tree.ts';

type Props = { items: SidebarItem[]; onChange: (items: SidebarItem[]) => void };

const newPage = (): SidebarItem => ({ path: '/', i18n: 'menu.', type: 1, name: 'page', lower: [] });
const newFolder = (): SidebarItem => ({ path: '', i18n: 'menu.group.', type: 0, name: 'group', lower: [] });

function ItemRow({ item, path, count, tree, onChange }: { item: SidebarItem; path: TreePath; count: number; tree: SidebarItem[]; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  const index = path[path.length - 1]!;
  const label = item.name || item.i18n;
  const action = (title: string, icon: React.ReactNode, run: () => SidebarItem[], disabled = false) => (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={t('common.labelled', { label: title, value: label })} disabled={disabled} onClick={() => onChange(run())}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ pl: (path.length - 1) * 3, py: 1, alignItems: { lg: 'center' }, borderBottom: 1, borderColor: 'divider' }}>
        <TextField size="small" label={t('admin.sidebar.name')} value={item.name} onChange={(e) => onChange(updateItem(tree, path, { name: e.target.value }))} sx={{ width: { lg: 150 } }} />
        <TextField size="small" label={t('admin.sidebar.i18n')} value={item.i18n} onChange={(e) => onChange(updateItem(tree, path, { i18n: e.target.value }))} sx={{ width: { lg: 200 } }} />
        <TextField
          select
          size="small"
          label={t('admin.sidebar.type')}
          value={item.type}
          onChange={(e) => onChange(updateItem(tree, path, { type: Number(e.target.value) as 0 | 1 }))}
          sx={{ width: { lg: 120 } }}
        >
          {[MenuType.folder, MenuType.page].map((v) => (
            <MenuItem key={v} value={v}>{`${v} · ${t(menuTypeLabelKey[v])}`}</MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('admin.sidebar.path')}
          value={item.path}
          disabled={item.type === 0}
          onChange={(e) => onChange(updateItem(tree, path, { path: e.target.value }))}
          sx={{ width: { lg: 180 } }}
        />
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          {action(t('admin.sidebar.up'), <ArrowUpwardIcon fontSize="small" />, () => moveItem(tree, path, -1), index === 0)}
          {action(t('admin.sidebar.down'), <ArrowDownwardIcon fontSize="small" />, () => moveItem(tree, path, 1), index === count - 1)}
          {action(t('admin.sidebar.indent'), <FormatIndentIncreaseIcon fontSize="small" />, () => indentItem(tree, path), !canIndent(tree, path))}
          {action(t('admin.sidebar.outdent'), <FormatIndentDecreaseIcon fontSize="small" />, () => outdentItem(tree, path), path.length < 2)}
          {item.type === 0 && action(t('admin.sidebar.addPage'), <AddIcon fontSize="small" />, () => addItem(tree, path, newPage()))}
          {action(t('common.delete'), <DeleteOutlineIcon fontSize="small" />, () => removeItem(tree, path))}
        </Stack>
      </Stack>
      {item.type === 0 && item.lower.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {item.lower.map((child, i) => (
            <ItemRow key={i} item={child} path={[...path, i]} count={item.lower.length} tree={tree} onChange={onChange} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** SPEC §3 sidebar tree of one role: order, grouping, i18n key, type (0 folder, 1 page) and path. */
export function SidebarTreeEditor({ items, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Box component="ul" aria-label={t('admin.sidebar.tree')} sx={{ m: 0, p: 0 }}>
        {items.map((item, i) => (
          <ItemRow key={i} item={item} path={[i]} count={items.length} tree={items} onChange={onChange} />
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => onChange(addItem(items, [], newPage()))}>
          {t('admin.sidebar.addPage')}
        </Button>
        <Button startIcon={<AddIcon />} onClick={() => onChange(addItem(items, [], newFolder()))}>
          {t('admin.sidebar.addFolder')}
        </Button>
      </Stack>
    </Paper>
  );
}
