import { expect, test, type Page } from '@playwright/test';
import { buttonName, login, openParamPage, shownPage, tab } from './support/shell';
import { setMenuKeepAlive } from './support/api';
import { MAIN_PORT, baseUrl } from './support/servers';

/** Pages of open tabs stay mounted (the menu's meta.keepAlive): chosen again, a page is as it was left. */

const keyFilter = (page: Page) => page.locator('#param-search_paramKey');
const shownRows = (page: Page) => shownPage(page).locator('.ant-table-tbody tr.ant-table-row');

/** Filters 参数管理 to one row, then counts the list calls from here on. */
async function filterParams(page: Page): Promise<string[]> {
  await openParamPage(page);
  await keyFilter(page).fill('failCount');
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await expect(shownRows(page)).toHaveCount(1);
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/param/list')) lists.push(request.url());
  });
  return lists;
}

async function toWorkbenchAndBack(page: Page): Promise<void> {
  await tab(page, '工作台').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(keyFilter(page)).toBeHidden();
  await tab(page, '参数管理').click();
  await expect(page).toHaveURL(/\/system\/param$/);
}

test.describe('kept pages', () => {
  test('a page chosen again keeps its filter and rows without asking the server again; closed, it starts afresh', async ({ page }) => {
    await login(page);
    const lists = await filterParams(page);

    await toWorkbenchAndBack(page);
    await expect(keyFilter(page)).toHaveValue('failCount');
    await expect(shownRows(page)).toHaveCount(1);
    expect(lists).toEqual([]);

    await page.locator('.wb-tabs .ant-tabs-tab').filter({ hasText: '参数管理' }).locator('.ant-tabs-tab-remove').click();
    await expect(page).not.toHaveURL(/\/system\/param$/);
    await expect(page.locator('.wb-page[data-tab="/system/param"]')).toHaveCount(0);
    await openParamPage(page);
    await expect(keyFilter(page)).toHaveValue('');
    await expect(shownRows(page)).not.toHaveCount(1);
  });

  test('a menu whose 缓存 (keepAlive) is off is left as before: chosen again, it loads afresh', async ({ page }) => {
    const base = baseUrl(MAIN_PORT);
    await setMenuKeepAlive(base, 'param', false);
    try {
      await login(page);
      const lists = await filterParams(page);
      await toWorkbenchAndBack(page);
      await expect(keyFilter(page)).toHaveValue('');
      await expect.poll(() => lists.length).toBeGreaterThan(0);
    } finally {
      await setMenuKeepAlive(base, 'param', true);
    }
  });
});
