import type { SidebarItem } from '@vigil/contracts';

/** Where an item sits: indexes from the top level down (`[2, 0]` is the first child of the third item). */
export type TreePath = readonly number[];

function siblingsOf(tree: SidebarItem[], parent: TreePath): SidebarItem[] {
  let list = tree;
  for (const i of parent) list = list[i]!.lower;
  return list;
}

/** Copies the tree along one path so edits never mutate the query cache's value. */
function editSiblings(tree: readonly SidebarItem[], parent: TreePath, edit: (list: SidebarItem[]) => SidebarItem[]): SidebarItem[] {
  if (parent.length === 0) return edit([...tree]);
  const [head, ...rest] = parent;
  return tree.map((item, i) => (i === head ? { ...item, lower: editSiblings(item.lower, rest, edit) } : item));
}

export function itemAt(tree: readonly SidebarItem[], path: TreePath): SidebarItem | undefined {
  let list: readonly SidebarItem[] = tree;
  let item: SidebarItem | undefined;
  for (const i of path) {
    item = list[i];
    if (!item) return undefined;
    list = item.lower;
  }
  return item;
}

/** Moves an item one place up (-1) or down (+1) among its siblings; at an end nothing changes. */
export function moveItem(tree: readonly SidebarItem[], path: TreePath, delta: -1 | 1): SidebarItem[] {
  const index = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (list) => {
    const target = index + delta;
    if (target < 0 || target >= list.length) return list;
    [list[index], list[target]] = [list[target]!, list[index]!];
    return list;
  });
}

export function updateItem(tree: readonly SidebarItem[], path: TreePath, patch: Partial<Omit<SidebarItem, 'lower'>>): SidebarItem[] {
  const index = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (list) => {
    const item = { ...list[index]!, ...patch };
    // A page (type 1) holds no children and a folder no path: SPEC §3's two kinds of item.
    list[index] = item.type === 1 ? { ...item, lower: [] } : { ...item, path: '' };
    return list;
  });
}

export function removeItem(tree: readonly SidebarItem[], path: TreePath): SidebarItem[] {
  const index = path[path.length - 1]!;
  return editSiblings(tree, path.slice(0, -1), (list) => list.filter((_, i) => i !== index));
}

/** Appends an item to a folder's children, or to the top level when `parent` is empty. */
export function addItem(tree: readonly SidebarItem[], parent: TreePath, item: SidebarItem): SidebarItem[] {
  return editSiblings(tree, parent, (list) => [...list, item]);
}

/** Moves an item into the folder just above it, as its last child (grouping). */
export function indentItem(tree: readonly SidebarItem[], path: TreePath): SidebarItem[] {
  const index = path[path.length - 1]!;
  const parent = path.slice(0, -1);
  const previous = siblingsOf(tree as SidebarItem[], parent)[index - 1];
  if (!previous || previous.type !== 0) return [...tree];
  const item = itemAt(tree, path)!;
  const without = removeItem(tree, path);
  return addItem(without, [...parent, index - 1], item);
}

/** Moves an item out of its folder, to just after that folder. */
export function outdentItem(tree: readonly SidebarItem[], path: TreePath): SidebarItem[] {
  if (path.length < 2) return [...tree];
  const item = itemAt(tree, path)!;
  const folderPath = path.slice(0, -1);
  const folderIndex = folderPath[folderPath.length - 1]!;
  const without = removeItem(tree, path);
  return editSiblings(without, folderPath.slice(0, -1), (list) => {
    list.splice(folderIndex + 1, 0, item);
    return list;
  });
}

export function canIndent(tree: readonly SidebarItem[], path: TreePath): boolean {
  const index = path[path.length - 1]!;
  return index > 0 && siblingsOf(tree as SidebarItem[], path.slice(0, -1))[index - 1]?.type === 0;
}
