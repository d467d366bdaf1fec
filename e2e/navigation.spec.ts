import { expect, test } from '@playwright/test';
import { signedIn, unique } from './support/api';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, confirmDialog, login, message, openParamPage, shownPage, tab } from './support/shell';

test.describe('layout and navigation', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('the side menu shows the children of the selected top menu', async ({ page }) => {
    await expect(page.locator('.wb-side-menu')).toHaveCount(0);
    await openParamPage(page);
    await expect(page.locator('.wb-side-menu').getByRole('menuitem', { name: '用户管理' })).toBeVisible();
    await expect(page).toHaveTitle('参数管理 - 运营工作台');
  });

  test('a menu path without a page shows a virtual page naming its service', async ({ page }) => {
    // every seeded admin menu has its page now: an administrator adds one the workbench has none for
    const admin = await signedIn(baseUrl(MAIN_PORT));
    const groups = await admin<{ records: { id: string; code: string }[] }>('GET', '/us-system/menu/page?code=tool&size=10');
    const parentId = groups.data.records.find((m) => m.code === 'tool')!.id;
    const code = unique('virtual');
    const added = await admin<{ id: string }>('POST', '/us-system/menu/submit', { name: '外部工具', code, path: `/tool/${code}`, parentId, category: 1, sort: 99, isOpen: 1 });
    expect(added.success, added.msg).toBe(true);
    // granted to the administrator role beside all it holds
    const roles = await admin<{ records: { id: string; roleAlias: string }[] }>('GET', '/us-system/role/page?roleAlias=administrator&size=10');
    const role = roles.data.records.find((r) => r.roleAlias === 'administrator')!;
    const keys = (await admin<{ menu: string[]; dataScope: string[]; apiScope?: string[] }>('GET', `/us-system/menu/role-tree-keys?roleIds=${role.id}`)).data;
    const granted = await admin('POST', '/us-system/role/grant', {
      roleIds: role.id,
      menuIds: [...keys.menu, added.data.id].join(','),
      dataScopeIds: keys.dataScope.join(','),
      apiScopeIds: (keys.apiScope ?? []).join(','),
    });
    expect(granted.success, granted.msg).toBe(true);
    await page.reload();
    await page.goto(`/tool/${code}`);
    await expect(page.getByText('该页面由服务 tool 提供，尚未在工作台中实现')).toBeVisible();
    await expect(tab(page, '外部工具')).toBeVisible();
    // Opened directly, the path selects its top menu.
    await expect(page.locator('.wb-top-menu .ant-menu-item-selected')).toHaveText('系统管理');
  });

  test('a sub-application top menu mounts the sub-app (micro-apps*.spec.ts test the host)', async ({ page }) => {
    await page.locator('.wb-top-menu').getByRole('menuitem', { name: '主数据' }).click();
    await expect(page).toHaveURL(/\/coredata/);
    await expect(page.locator('.wb-microapp[data-app="coredata"] .coredata-overview')).toBeVisible({ timeout: 30_000 });
  });

  test('an unknown path goes to /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  });

  test('only http(s) addresses are embedded in /myiframe', async ({ page }) => {
    await page.goto('/myiframe/urlPath?src=javascript%3Aalert(1)&name=x');
    await expect(page.getByText('仅可嵌入 http 或 https 地址')).toBeVisible();
    await expect(page.locator('.wb-view iframe')).toHaveCount(0);
  });

  test('mode=fullscreen hides the header and the sidebar', async ({ page }) => {
    await page.goto('/system/param?mode=fullscreen');
    await expect(shownPage(page).locator('.ant-pro-table')).toBeVisible();
    await expect(page.locator('.wb-header')).toHaveCount(0);
    await expect(page.locator('.wb-sider')).toHaveCount(0);
  });

  test('tabs: closing the active tab opens the previous one; close all keeps 工作台', async ({ page }) => {
    await openParamPage(page);
    await page.locator('.wb-side-menu').getByRole('menuitem', { name: '部门管理' }).click();
    await expect(tab(page, '部门管理')).toBeVisible();
    await page.locator('.wb-tabs .ant-tabs-tab').filter({ hasText: '部门管理' }).locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '部门管理')).toHaveCount(0);

    await tab(page, '参数管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.locator('.wb-tabs .ant-tabs-tab')).toHaveCount(1);
    await expect(tab(page, '工作台')).toBeVisible();
  });

  test('tabs context menu: close others and clear cache', async ({ page }) => {
    await openParamPage(page);
    await page.locator('.wb-side-menu').getByRole('menuitem', { name: '部门管理' }).click();
    await tab(page, '参数管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(page.locator('.wb-tabs .ant-tabs-tab')).toHaveCount(2);

    await tab(page, '参数管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await expect(confirmDialog(page).getByText('是否需要清除缓存?')).toBeVisible();
    await confirmDialog(page)
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(message(page, '清除完毕')).toBeVisible();
  });

  test('hover menus close on a choice and open again when hovered: the user menu, the collapsed sidebar', async ({ page }) => {
    // (their staying closed under a still pointer, which a slow frame undid: closed-on-choice.test.tsx)
    const userMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await page.locator('.wb-user').hover();
    await userMenu.getByRole('menuitem', { name: '锁屏' }).click();
    await expect(page.getByRole('dialog', { name: '设置锁屏密码' })).toBeVisible();
    await expect(userMenu).toHaveCount(0);
    await page.keyboard.press('Escape');

    await openParamPage(page);
    await page.locator('.wb-sider .ant-layout-sider-trigger').click();
    const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
    const branch = page.locator('.wb-side-menu .ant-menu-submenu-title').first();
    await branch.hover();
    await popup.getByRole('menuitem', { name: '部门管理' }).click();
    await expect(page).toHaveURL(/\/system\/dept$/);
    await expect(popup).toHaveCount(0);
    await page.mouse.move(600, 600);
    await branch.hover();
    await expect(popup.getByRole('menuitem', { name: '部门管理' })).toBeVisible();
  });

  test('switching to English retitles the page and translates the shell', async ({ page }) => {
    await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(tab(page, 'Workbench')).toBeVisible();
    await expect(page).toHaveTitle('Workbench - Operations Workbench');
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: 'Home' })).toBeVisible();
    await page.reload();
    await expect(tab(page, 'Workbench')).toBeVisible();

    // the seeded menus show their English names; the tab and title follow
    await page.locator('.wb-top-menu').getByRole('menuitem', { name: 'System', exact: true }).click();
    await page.locator('.wb-side-menu').getByRole('menuitem', { name: 'Parameters' }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, 'Parameters')).toBeVisible();
    await expect(page).toHaveTitle('Parameters - Operations Workbench');

    await page.locator('.wb-header').getByRole('button', { name: 'Language' }).hover();
    await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(tab(page, '参数管理')).toBeVisible();
    await expect(page.locator('.wb-side-menu').getByRole('menuitem', { name: '参数管理' })).toBeVisible();
    await expect(page).toHaveTitle('参数管理 - 运营工作台');
  });
});

test.describe('the error pages as documents of their own', () => {
  test('/404, /403 and /500 opened directly are on screen without any script file, and lead to the workbench', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const [status, text] of [
      ['404', '抱歉，您访问的页面不存在'],
      ['403', '抱歉，您无权访问此页面'],
      ['500', '抱歉，服务器出错了'],
    ]) {
      await page.goto(`/${status}`);
      await expect(page.getByText(status, { exact: true })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
    }
    expect(scripts).toEqual([]);
    await page.getByRole('link', { name: buttonName('返回首页') }).click();
    // signed out: the workbench sends to the login page
    await expect(page.locator('#login_password')).toBeVisible();
  });

  test('in English when English is the stored language', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await expect(page.getByText('Sorry, the page you visited does not exist')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the workbench' })).toBeVisible();
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
