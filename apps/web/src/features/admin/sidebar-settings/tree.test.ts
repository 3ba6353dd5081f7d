import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '@vigil/contracts';
import { addItem, canIndent, indentItem, moveItem, outdentItem, removeItem, updateItem } from './tree.ts';

const page = (name: string): SidebarItem => ({ path: `/${name}`, i18n: `menu.${name}`, type: 1, name, lower: [] });
const folder = (name: string, lower: SidebarItem[]): SidebarItem => ({ path: '', i18n: `menu.group.${name}`, type: 0, name, lower });
const names = (tree: SidebarItem[]): unknown => tree.map((i) => (i.type === 0 ? { [i.name]: names(i.lower) } : i.name));

const tree = [folder('organisation', [page('org'), page('area')]), page('member'), page('abnormal-log')];

describe('sidebar tree editing', () => {
  it('moves items up and down among siblings, nested too, without touching the input', () => {
    expect(names(moveItem(tree, [2], -1))).toEqual([{ organisation: ['org', 'area'] }, 'abnormal-log', 'member']);
    expect(names(moveItem(tree, [0, 0], 1))).toEqual([{ organisation: ['area', 'org'] }, 'member', 'abnormal-log']);
    expect(names(moveItem(tree, [0], -1))).toEqual(names(tree));
    expect(names(tree)).toEqual([{ organisation: ['org', 'area'] }, 'member', 'abnormal-log']);
  });

  it('groups an item into the folder above it and takes it out again', () => {
    expect(canIndent(tree, [1])).toBe(true);
    expect(canIndent(tree, [2])).toBe(false);
    const grouped = indentItem(tree, [1]);
    expect(names(grouped)).toEqual([{ organisation: ['org', 'area', 'member'] }, 'abnormal-log']);
    expect(names(outdentItem(grouped, [0, 0]))).toEqual([{ organisation: ['area', 'member'] }, 'org', 'abnormal-log']);
  });

  it('edits i18n key and type; a page drops its children and a folder its path', () => {
    const asPage = updateItem(tree, [0], { type: 1, path: '/org' });
    expect(asPage[0]).toMatchObject({ type: 1, lower: [], path: '/org' });
    const asFolder = updateItem(tree, [1], { type: 0, i18n: 'menu.group.members' });
    expect(asFolder[1]).toMatchObject({ type: 0, path: '', i18n: 'menu.group.members' });
  });

  it('adds and removes items', () => {
    const added = addItem(tree, [0], page('staff'));
    expect(names(added)).toEqual([{ organisation: ['org', 'area', 'staff'] }, 'member', 'abnormal-log']);
    expect(names(removeItem(added, [0, 1]))).toEqual([{ organisation: ['org', 'staff'] }, 'member', 'abnormal-log']);
  });
});
