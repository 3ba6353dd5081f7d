import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/**
 * Issue 28 "Must show": a member's timeline opened from the member page, in both languages, its
 * filters kept in the address across a reload, and an event leading to its record.
 */

type TimelinePage = { data: { list: { kind: string }[] } };

/** The demo member with the most kinds of events among the newest hundred. */
async function busiestMember(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const login = await apiLogin(request, 'orgstaff');
  const headers = { authorization: `Bearer ${login.access_token}` };
  const res = await request.get('/api/user', { headers, params: { per_page: 30 } });
  expect(res.status()).toBe(200);
  const members = ((await res.json()) as { data: { list: { id: number; name: string }[] } }).data.list;
  let best = { kinds: -1, member: members[0] };
  for (const member of members) {
    const page = await request.get(`/api/user/timeline/${member.id}`, { headers, params: { per_page: 100 } });
    expect(page.status()).toBe(200);
    const kinds = new Set(((await page.json()) as TimelinePage).data.list.map((e) => e.kind)).size;
    if (kinds > best.kinds) best = { kinds, member };
  }
  return best.member;
}

test.describe('in English', () => {
  test('the timeline tab streams the member’s events and keeps its filters in the address', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await busiestMember(request);
    await loginAs(page, 'orgstaff');
    await page.goto(`/member/info/${member.id}`);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(page).toHaveURL(/\?tab=timeline/);
    const events = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(events.first()).toBeVisible();

    await page.getByRole('button', { name: 'Alerts', exact: true }).click();
    await expect(page).toHaveURL(/groups=alerts/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Alerts', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(events.first()).toBeVisible();
    await expect(events.first()).toContainText('Abnormal alert');

    // An alert event leads to the member's alert log.
    await events.first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/member/info/${member.id}/abnormal-log`));
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });

  test('the timeline tab opens from the resident’s page', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await busiestMember(request);
    await page.goto('/login');
    await page.getByLabel('帳號', { exact: true }).fill('orgstaff');
    await page.getByLabel('密碼', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/member/info/${member.id}?tab=timeline`);
    await expect(page.getByRole('tab', { name: '時間軸' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: '時間軸' }).getByRole('listitem').first()).toBeVisible();

    // The member-care area reaches the resident's symptom records.
    await page.getByRole('tab', { name: '照護紀錄' }).click();
    await page.getByRole('navigation', { name: '照護紀錄' }).getByRole('link', { name: '症狀照護' }).click();
    await expect(page).toHaveURL(new RegExp(`/member/info/${member.id}/symptom-manage`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  });
});
