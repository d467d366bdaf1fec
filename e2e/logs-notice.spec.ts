import { expect, test } from '@playwright/test';
import { signedIn } from './support/api';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, shownPage, tab } from './support/shell';

const base = baseUrl(MAIN_PORT);

test('通知公告: a notice written with a script and an event handler shows its text, and nothing in it runs', async ({ page }) => {
  const admin = await signedIn(base);
  const title = `停水通知 ${Date.now()}`;
  const saved = await admin('POST', '/us-desk/notice/submit', {
    title,
    category: '6',
    releaseTime: '2026-12-01',
    content: '<p>明日 9:00-12:00 停水</p><script>window.__noticeRan = 1</script><img src="x" onerror="window.__noticeRan = 2">',
  });
  expect(saved.success).toBe(true);

  await login(page);
  await page.goto('/desk/notice');
  await expect(tab(page, '通知公告')).toBeVisible();
  const row = shownPage(page).locator('.ant-table-tbody tr').filter({ hasText: title });
  await expect(row).toContainText('事务通知');
  await row.getByText('查看').click();
  const view = page.locator('.ant-modal').filter({ hasText: '查看通知公告' });
  await expect(view.getByText('明日 9:00-12:00 停水')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noticeRan?: number }).__noticeRan)).toBeUndefined();
});

test('接口日志 and 错误日志: the requests of this session are listed with their status, and searched by address', async ({ page }) => {
  await login(page);
  await page.goto('/monitor/api');
  await expect(tab(page, '接口日志')).toBeVisible();
  // the writer flushes every second: the page's own calls are there after a search or two
  const rows = shownPage(page).locator('.ant-table-tbody tr.ant-table-row');
  // a log is read, never written: no add, edit or delete
  await expect(shownPage(page).getByRole('button', { name: buttonName('新增') })).toHaveCount(0);
  await shownPage(page).getByText('展开').click();
  await page.locator('#api-search_requestUri').fill('/us-system/v2/menu-multi/routes');
  await expect(async () => {
    await page.getByRole('button', { name: buttonName('查询') }).click();
    await expect(rows.first()).toContainText('/us-system/v2/menu-multi/routes', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.first()).toContainText('200');
  await expect(rows.first()).toContainText('admin');
  await expect(rows.first().getByText('编辑')).toHaveCount(0);

  await page.goto('/monitor/error');
  await expect(tab(page, '错误日志')).toBeVisible();
  await expect(shownPage(page).locator('.ant-table')).toBeVisible();
});
