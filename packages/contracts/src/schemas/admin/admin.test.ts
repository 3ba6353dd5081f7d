import { describe, expect, it } from 'vitest';
import {
  apiGroupCreate,
  deviceBindRequest,
  memberCreate,
  orgCreate,
  sidebarTree,
  staffCreate,
  standardUpdate,
  tempRoleCreate,
} from './index.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('admin schemas', () => {
  it('apply SPEC §5 text rules to names', () => {
    expect(messages(orgCreate.safeParse({ name: '   ', type: 1 }))).toContain('validation.notBlank');
    expect(messages(orgCreate.safeParse({ name: 'A <b>', type: 1 }))).toContain('validation.specialChars');
    expect(messages(memberCreate.safeParse({}))).toContain('validation.required');
  });

  it('reject unknown fields', () => {
    expect(orgCreate.safeParse({ name: 'A', type: 1, extra: 1 }).success).toBe(false);
  });

  it('allow a guard company only as a care organisation', () => {
    expect(orgCreate.safeParse({ name: 'Guard', type: 1, is_guard: true }).success).toBe(true);
    expect(orgCreate.safeParse({ name: 'Guard', type: 2, is_guard: true }).success).toBe(false);
  });

  it('check staff accounts and initial passwords', () => {
    const base = { account: 'nurse01', password: 'Abcdef12', name: 'Nurse', role: 4 };
    expect(staffCreate.safeParse(base).success).toBe(true);
    expect(staffCreate.safeParse({ ...base, account: 'a/b' }).success).toBe(false);
    expect(staffCreate.safeParse({ ...base, password: 'short1' }).success).toBe(false);
    expect(staffCreate.safeParse({ ...base, role: 18 }).success).toBe(false);
  });

  it('limit temporary roles to the next 90 days', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(tempRoleCreate.safeParse({ staff_id: 1, role: 2, expires_at: now + 3600 }).success).toBe(true);
    expect(tempRoleCreate.safeParse({ staff_id: 1, role: 2, expires_at: now - 1 }).success).toBe(false);
    expect(tempRoleCreate.safeParse({ staff_id: 1, role: 2, expires_at: now + 91 * 86400 }).success).toBe(false);
  });

  it('validate sidebar trees against known pages', () => {
    const link = { path: '/member', i18n: 'menu.member', type: 1 as const, name: 'member', lower: [] };
    expect(sidebarTree.safeParse([{ path: '', i18n: 'menu.group.members', type: 0, name: 'members', lower: [link] }]).success).toBe(true);
    expect(sidebarTree.safeParse([{ ...link, path: '/nowhere' }]).success).toBe(false);
    expect(sidebarTree.safeParse([{ path: '', i18n: 'menu.group.x', type: 0, name: 'x', lower: [] }]).success).toBe(false);
    expect(sidebarTree.safeParse([{ ...link, lower: [link] }]).success).toBe(false);
  });

  it('need min below max and no kind twice in standards', () => {
    expect(standardUpdate.safeParse({ standards: [{ kind: 0, min: 40, max: 140 }] }).success).toBe(true);
    expect(standardUpdate.safeParse({ standards: [{ kind: 0, min: 140, max: 40 }] }).success).toBe(false);
    expect(standardUpdate.safeParse({ standards: [{ kind: 0, min: 40, max: 140 }], reset: [0] }).success).toBe(false);
  });

  it('bind to exactly one of member and area', () => {
    expect(deviceBindRequest.safeParse({ member_id: 1 }).success).toBe(true);
    expect(deviceBindRequest.safeParse({ member_id: 1, area_id: 2 }).success).toBe(false);
    expect(deviceBindRequest.safeParse({}).success).toBe(false);
  });

  it('refuse duplicate permission pairs in a group', () => {
    const p = { route: '/user', method: 'GET' };
    expect(apiGroupCreate.safeParse({ name: 'G', permissions: [p] }).success).toBe(true);
    expect(apiGroupCreate.safeParse({ name: 'G', permissions: [p, p] }).success).toBe(false);
  });
});
