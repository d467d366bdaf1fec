import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { readAnnouncements, unique } from './support/api';
import { openCoredata, openSideMenu, subApp } from './support/micro-apps';
import { addUser, roleId, rootDeptId } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { login, loginAs, logout, shownPage, tab } from './support/shell';

/**
 * A list's density and its columns are kept for the user who chose them, in this browser
 * (packages/resource-ui table-settings.ts): a reload shows them again, another user of the same
 * browser sees the defaults. In the shell's lists and in 主数据's, which the shell hosts.
 */

const base = baseUrl(MAIN_PORT);
// a list opened after a login or a reload waits for the layout's and the page's chunks: a loaded machine takes long
const expect = baseExpect.configure({ timeout: 60_000 });
// the plain user of the demo data may read the parameters (plain-user.spec.ts)
const PLAIN = { account: 'user', password: 'admin123' };

/** The density the table is shown in, by the name of its item in the toolbar's menu (antd's small, middle, large). */
const densityOf = (scope: Locator) =>
  expect.poll(async () => {
    const names = (await scope.locator('.ant-table').first().getAttribute('class')) ?? '';
    return /\bant-table-small\b/.test(names) ? '紧凑' : /\bant-table-middle\b/.test(names) ? '中等' : '宽松';
  });
/** The header of a column, by its whole title. */
const header = (scope: Locator, title: string) => scope.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^\\s*${title}\\s*$`) });

/** Picks a density in the table's toolbar (its menu opens where the table is: in a sub-app, in the app). */
async function chooseDensity(scope: Locator, name: '宽松' | '中等' | '紧凑'): Promise<void> {
  await scope.locator('.ant-pro-table-list-toolbar .anticon-column-height').click();
  await scope.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name, exact: true }).click();
}

/** Unticks a column in the toolbar's 列设置, then closes it. */
async function hideColumn(scope: Locator, title: string): Promise<void> {
  const settings = scope.locator('.ant-pro-table-list-toolbar .anticon-setting');
  await settings.click();
  const overlay = scope.page().locator('.ant-pro-table-column-setting-overlay:visible');
  await expect(overlay.getByText('列展示')).toBeVisible();
  await overlay
    .locator('.ant-tree-treenode')
    .filter({ hasText: new RegExp(`^\\s*${title}\\s*$`) })
    .locator('.ant-tree-checkbox')
    .click();
  await settings.click();
  await expect(overlay).toHaveCount(0);
}

async function openParams(page: Page): Promise<Locator> {
  await page.goto('/system/param');
  await expect(tab(page, '参数管理')).toBeVisible();
  const list = shownPage(page);
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  return list;
}

test('参数管理: the density and the columns chosen are kept over a reload, for that user only', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page);
  let list = await openParams(page);
  // the defaults
  await densityOf(list).toBe('中等');
  await expect(header(list, '参数键值')).toHaveCount(1);

  await chooseDensity(list, '紧凑');
  await densityOf(list).toBe('紧凑');
  await hideColumn(list, '参数键值');
  await expect(header(list, '参数键值')).toHaveCount(0);
  await expect(header(list, '参数键名')).toHaveCount(1);

  await page.reload();
  list = shownPage(page);
  // the whole shell loads again
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await densityOf(list).toBe('紧凑');
  await expect(header(list, '参数键值')).toHaveCount(0);
  await expect(header(list, '参数键名')).toHaveCount(1);

  // another user of this browser: the defaults, and what they choose is theirs
  await logout(page);
  await loginAs(page, PLAIN.account, PLAIN.password);
  list = await openParams(page);
  await densityOf(list).toBe('中等');
  await expect(header(list, '参数键值')).toHaveCount(1);
  await chooseDensity(list, '宽松');
  await densityOf(list).toBe('宽松');

  await logout(page);
  await login(page);
  list = await openParams(page);
  await densityOf(list).toBe('紧凑');
  await expect(header(list, '参数键值')).toHaveCount(0);
});

test('主数据: 公司管理 keeps the density and the columns chosen over a reload; another user sees the defaults', async ({ page }) => {
  test.setTimeout(300_000);
  // a second administrator, who may open 主数据 too
  const account = `tables.${unique('')}`;
  await addUser(base, { account, password: 'Tables12345', realName: '表格设置', roleId: await roleId(base, '超级管理员'), deptId: await rootDeptId(base) });
  await readAnnouncements(base, account, 'Tables12345');

  const openCompanies = async (): Promise<Locator> => {
    // the menus of the first screen after a login, on a loaded machine
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
    const app = await openCoredata(page);
    await openSideMenu(page, '主数据', '公司管理');
    await expect(page).toHaveURL(/\/coredata\/company$/);
    await expect(app.locator('.ant-table-row').first()).toBeVisible();
    return app;
  };

  await login(page);
  let app = await openCompanies();
  await densityOf(app).toBe('中等');
  await expect(header(app, '公司编号')).toHaveCount(1);
  await chooseDensity(app, '紧凑');
  await densityOf(app).toBe('紧凑');
  await hideColumn(app, '公司编号');
  await expect(header(app, '公司编号')).toHaveCount(0);

  await page.reload();
  app = subApp(page, 'coredata');
  // the shell and the app load again
  await expect(app.locator('.ant-table-row').first()).toBeVisible();
  await densityOf(app).toBe('紧凑');
  await expect(header(app, '公司编号')).toHaveCount(0);
  await expect(header(app, '公司名称')).toHaveCount(1);

  await logout(page);
  await loginAs(page, account, 'Tables12345');
  app = await openCompanies();
  await densityOf(app).toBe('中等');
  await expect(header(app, '公司编号')).toHaveCount(1);
});
