import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/api';
import { addDept, addUser, openAdminPage, row, rows, table } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, loginAs, message } from './support/shell';

/**
 * A tenant administrator grants a new role one menu, its view button and the data scope 本部门;
 * the user given that role sees exactly that menu, no add button and only their department's
 * users; a changed grant shows on the user's next page load.
 */
const base = baseUrl(MAIN_PORT);
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;

async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR ?? `${test.info().project.outputDir}/screens`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The checkbox of the node titled `title` in the dialog's open tab (the first when several). */
const nodeCheck = (page: Page, title: string) =>
  page
    .locator('.ant-modal .ant-tabs-tabpane-active .ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox');

test('a role granted one menu, its view button and 本部门 shows its user exactly that', async ({ page, browser }) => {
  const s = suffix();
  const admin = await signedIn(base);
  const role = (await admin<{ id: string }>('POST', '/us-system/role/submit', { roleName: `巡检员${s}`, roleAlias: `inspector_${s}`, sort: 9 })).data;
  const ops = await addDept(base, `巡检部${s}`, (await admin<{ id: string }[]>('GET', '/us-system/dept/lazy-list')).data[0].id);
  await addUser(base, { account: `colleague.${s}`, password: 'Colleague123', realName: `同事${s}`, roleId: role.id, deptId: ops });
  await addUser(base, { account: `inspector.${s}`, password: 'Inspect123', realName: `巡检${s}`, roleId: role.id, deptId: ops });

  // the administrator grants it on the role page
  await login(page);
  await openAdminPage(page, '权限管理', '角色管理', '/authority/role');
  const roleRow = row(page, `巡检员${s}`);
  await roleRow.getByRole('button', { name: buttonName('权限设置') }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: `权限设置 · 巡检员${s}` });
  await expect(dialog.locator('.ant-tree-treenode:not([aria-hidden])').first()).toBeVisible();
  await dialog.getByPlaceholder('搜索菜单').fill('用户管理');
  await dialog.getByPlaceholder('搜索菜单').press('Enter');
  await nodeCheck(page, '查看').click();
  await dialog.getByRole('tab', { name: '数据权限' }).click();
  await nodeCheck(page, '本部门').click();
  await dialog.getByRole('button', { name: buttonName('预览') }).click();
  const preview = dialog.getByTestId('grant-preview');
  await expect(preview).toContainText('用户管理');
  await expect(preview).toContainText('user_view');
  await expect(preview).not.toContainText('user_add');
  await expect(preview).toContainText('本部门');
  await snap(page, 'role-grant-dialog');
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(message(page, '操作成功!')).toBeVisible();

  // the history says what was added
  await roleRow.getByRole('button', { name: buttonName('授权记录') }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText('+ 查看');
  await expect(drawer).toContainText('+ 本部门');
  await snap(page, 'role-grant-history');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // the user page previews what a person holds through all their roles
  await openAdminPage(page, '系统管理', '用户管理', '/system/user');
  await row(page, `inspector.${s}`).getByText('预览权限', { exact: true }).click();
  const viewAs = page.getByTestId('user-view-as');
  await expect(viewAs).toContainText('user_view');
  await expect(viewAs).toContainText('本部门');
  await snap(page, 'user-view-as');

  // the user sees 用户管理 and nothing else of 系统管理, without 新增, and only their department
  const theirs = await browser.newContext();
  const user = await theirs.newPage();
  await loginAs(user, `inspector.${s}`, 'Inspect123');
  await openAdminPage(user, '系统管理', '用户管理', '/system/user');
  const users = table(user, '用户管理');
  await expect(rows(users)).toHaveCount(2);
  await expect(users).toContainText(`同事${s}`);
  await expect(users).not.toContainText('管理员');
  await expect(user.getByRole('button', { name: buttonName('新增') })).toHaveCount(0);
  await snap(user, 'role-granted-user');
  await expect(user.locator('.wb-side-menu .ant-menu-item')).toHaveText(['用户管理']);

  // the administrator adds 新增; the user's next page load shows it
  const keys = (await admin<{ menu: string[]; dataScope: string[] }>('GET', `/us-system/menu/role-tree-keys?roleIds=${role.id}`)).data;
  const buttons = await admin<{ code: string; id: string; children?: unknown[] }[]>('GET', '/us-system/menu/buttons');
  const flat = (list: { code: string; id: string; children?: unknown[] }[]): { code: string; id: string }[] => list.flatMap((n) => [n, ...flat((n.children ?? []) as typeof list)]);
  const add = flat(buttons.data).find((n) => n.code === 'user_add')!;
  const saved = await admin('POST', '/us-system/role/grant', { roleIds: role.id, menuIds: [...keys.menu, add.id].join(','), dataScopeIds: keys.dataScope.join(',') });
  expect(saved.success).toBe(true);
  await user.reload();
  await expect(user.getByRole('button', { name: buttonName('新增') })).toBeVisible();
  await theirs.close();
});
