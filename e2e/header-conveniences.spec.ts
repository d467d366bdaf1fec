import { expect, test, type Page } from '@playwright/test';
import { buttonName, login, shownPage, tab, userMenu } from './support/shell';

/** The header's full-screen button, the tab menu's actions, the browser's title, the breadcrumb, and the English of issue 31. */

async function open(page: Page, path: string, label: string): Promise<void> {
  // inside the running shell, as the router does on a menu click
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(tab(page, label)).toBeVisible();
}

async function tabMenu(page: Page, label: string, action: string): Promise<void> {
  await tab(page, label).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action }).click();
}

test('the tab menu refreshes a page and closes the current tab, those to its left or right', async ({ page }) => {
  // four pages opened and three tab-menu actions, each waiting for its page
  test.setTimeout(120_000);
  await login(page);
  await open(page, '/system/param', '参数管理');
  await open(page, '/system/post', '岗位管理');
  await open(page, '/system/dict', '系统字典');
  await open(page, '/system/post', '岗位管理');
  await expect(page).toHaveTitle('岗位管理 - 运营工作台');

  // 刷新: the page mounts afresh, what was typed in its search form is gone
  const search = shownPage(page).locator('#post-search_postCode');
  await search.fill('ceo');
  await tabMenu(page, '岗位管理', '刷新');
  await expect(shownPage(page).locator('#post-search_postCode')).toHaveValue('');

  await tabMenu(page, '岗位管理', '关闭右侧');
  await expect(tab(page, '系统字典')).toHaveCount(0);
  await tabMenu(page, '岗位管理', '关闭左侧');
  await expect(tab(page, '参数管理')).toHaveCount(0);
  await expect(tab(page, '工作台')).toBeVisible();
  await tabMenu(page, '岗位管理', '关闭当前');
  await expect(tab(page, '岗位管理')).toHaveCount(0);
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('the breadcrumb beside the tabs: top menu › groups › page, in Chinese and in English; a crumb leading to another page opens it', async ({ page }) => {
  await login(page);
  // the menus the crumbs are named from (a loaded machine takes a while after the login)
  await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible({ timeout: 30_000 });
  const breadcrumb = page.locator('.wb-breadcrumb');
  const crumbs = breadcrumb.locator('.ant-breadcrumb-link');
  await open(page, '/authority/datascope', '数据权限');
  await expect(crumbs).toHaveText(['系统管理', '权限管理', '数据权限']);
  // the top menu and the group lead to their first page; the page shown is no link
  await expect(breadcrumb.getByRole('link')).toHaveText(['系统管理', '权限管理']);
  await expect(breadcrumb.getByRole('link', { name: '权限管理' })).toHaveAttribute('href', '/authority/role');
  await breadcrumb.screenshot({ path: test.info().outputPath('breadcrumb-zh.png') });

  await breadcrumb.getByRole('link', { name: '权限管理' }).click();
  await expect(page).toHaveURL(/\/authority\/role$/);
  await expect(tab(page, '角色管理')).toBeVisible();
  await expect(crumbs).toHaveText(['系统管理', '权限管理', '角色管理']);
  // 角色管理 is its group's first page: the group leads nowhere else
  await expect(breadcrumb.getByRole('link')).toHaveText(['系统管理']);
  await breadcrumb.getByRole('link', { name: '系统管理' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tab(page, '用户管理')).toBeVisible();
  await expect(crumbs).toHaveText(['系统管理', '系统管理', '用户管理']);
  await expect(breadcrumb.getByRole('link')).toHaveCount(0);

  // a sub-app's start page shares its address with its group: the crumb names the page
  await open(page, '/coredata', '主数据');
  await expect(crumbs).toHaveText(['主数据', '主数据', '主数据首页']);

  await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(crumbs).toHaveText(['Master data', 'Master data', 'Master data home']);
  await open(page, '/authority/datascope', 'Data scopes');
  await expect(crumbs).toHaveText(['System', 'Authority', 'Data scopes']);
  await expect(breadcrumb.getByRole('link')).toHaveText(['System', 'Authority']);
  await breadcrumb.screenshot({ path: test.info().outputPath('breadcrumb-en.png') });
  await breadcrumb.getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(crumbs).toHaveText(['System', 'Administration', 'Users']);
});

test('the header toggles the browser’s full screen', async ({ page }) => {
  await login(page);
  await page.locator('.wb-header').getByRole('button', { name: '全屏' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.locator('.wb-header').getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
});

test('English: the resource pages’ menus, the password rules, dialog titles and dictionary labels', async ({ page }) => {
  await login(page);
  await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveTitle('Workbench - Operations Workbench');

  await page.locator('.wb-top-menu').getByRole('menuitem', { name: 'System' }).click();
  const side = page.locator('.wb-side-menu');
  const exactly = (text: string) => new RegExp(`^${text}$`);
  const groups: [string, string[]][] = [
    ['Administration', ['Announcements', 'Reminders', 'Product versions']],
    ['Base data', ['Subscription packages']],
    ['Developer tools', ['Reports']],
    ['Notice board', ['Incidents', 'Update announcement']],
  ];
  for (const [group, names] of groups) {
    const title = side.locator('.ant-menu-submenu-title').filter({ hasText: exactly(group) });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    for (const name of names) await expect(side.locator('.ant-menu-item').filter({ hasText: exactly(name) })).toBeVisible();
  }

  // a dictionary's items in English: the posts' categories
  await open(page, '/system/post', 'Posts');
  await expect(shownPage(page).locator('.ant-table-tbody').getByText('Senior', { exact: true })).toBeVisible();
  await shownPage(page).getByRole('button', { name: /Add/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Post: add' })).toBeVisible();
  await page.keyboard.press('Escape');

  await userMenu(page, 'Change password');
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('admin123');
  await dialog.getByLabel('New password', { exact: true }).fill('short1');
  await dialog.getByLabel('Repeat new password').fill('short1');
  await dialog.getByRole('button', { name: buttonName('Done') }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('The new password must have at least 8 letters and digits, with both');
  await dialog.getByRole('button', { name: buttonName('Cancel') }).click();
  await expect(dialog).toBeHidden();
});
