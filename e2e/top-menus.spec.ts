import { expect, test } from '@playwright/test';
import { signedIn } from './support/api';
import { openAdminPage, row } from './support/organisation';
import { expectTopMenu } from './support/micro-apps';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, message } from './support/shell';

/** 顶部菜单's 菜单配置: the menus a top menu shows, each checked one a root of its side menu. */
const base = baseUrl(MAIN_PORT);

test('顶部菜单: a new top menu is given its menus in 菜单配置, and they are kept', async ({ page }) => {
  const s = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
  const admin = await signedIn(base);
  const saved = await admin('POST', '/us-system/topmenu/submit', { name: `巡检台${s}`, code: `e2e_top_${s}`, path: '/system/param', sort: 99 });
  expect(saved.success).toBe(true);

  await login(page);
  await openAdminPage(page, '系统管理', '顶部菜单', '/system/topmenu');
  const menus = async () => {
    // found by its name (the list has a page of top menus already); a saved grant reloads the page
    await page.locator('#topmenu-search_name').fill(`巡检台${s}`);
    await page.getByRole('button', { name: buttonName('查询') }).click();
    await expect(row(page, `巡检台${s}`)).toBeVisible();
    await row(page, `巡检台${s}`)
      .getByRole('button', { name: buttonName('菜单配置') })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `菜单配置 · 巡检台${s}` });
    await expect(dialog.locator('.ant-tree-treenode:not([aria-hidden])').first()).toBeVisible();
    return dialog;
  };
  const param = (dialog: Awaited<ReturnType<typeof menus>>) =>
    dialog
      .locator('.ant-tree-treenode:not([aria-hidden])')
      .filter({ has: page.getByText('参数管理', { exact: true }) })
      .first();

  const dialog = await menus();
  await expect(param(dialog)).not.toHaveClass(/ant-tree-treenode-checkbox-checked/);
  await param(dialog).locator('.ant-tree-checkbox').click();
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(message(page, /操作成功/)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // the top bar shows the new top menu; opened again, the dialog shows what was saved, as the server does
  await expectTopMenu(page, `巡检台${s}`);
  const again = await menus();
  await expect(param(again)).toHaveClass(/ant-tree-treenode-checkbox-checked/);
  const keys = await admin<{ menu: string[] }>('GET', `/us-system/menu/top-tree-keys?topMenuIds=${(saved.data as { id: string }).id}`);
  expect(keys.data.menu).toHaveLength(1);
});
