import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn, tokenFor } from './support/api';
import {
  addDept,
  addUser,
  cell,
  closeDropdown,
  confirm,
  dropdown,
  expander,
  expandRow,
  formDialog,
  openAdminPage,
  optionLabels,
  pickOption,
  pickTreeNodes,
  reloadTable,
  roleId,
  rootDeptId,
  row,
  rows,
  search,
  selectOf,
  submit,
  table,
} from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { ADMIN, buttonName, fillLogin, login, loginAs, loginFailure, message } from './support/shell';

/**
 * The organisation pages a tenant administrator works with, all built from the
 * resource definitions of packages/contracts/src/resources/org.ts: departments
 * (a tree of rows), posts, the dictionaries (codes and their items), a select fed
 * by a dictionary, users beside the department tree, and regions (lazy rows, import).
 */
const base = baseUrl(MAIN_PORT);
const AUTH_LOCKED = '密码错误次数过多,账号已锁定30分钟,请稍后再试';
const INIT_PASSWORD = 'Init1234';

/** A short suffix that makes this run's names its own (a retry gets new ones). */
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;

/** Saves a screenshot to look at (once the last message is gone): into E2E_SHOTS_DIR when given, else beside the run's results. */
async function snap(page: Page, name: string): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  const dir = process.env.E2E_SHOTS_DIR ?? `${test.info().project.outputDir}/screens`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** A row link ('编辑', '删除', '新增下级'). */
const link = (rowLocator: Locator, text: string) => rowLocator.getByText(text, { exact: true });

const addButton = (scope: Locator) => scope.getByRole('button', { name: buttonName('新增') });

test.describe('organisation: departments, posts, dictionaries, users, regions', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('departments: a child under the root, a grandchild, the expanded tree; a parent with children stays; rename', async ({ page }) => {
    const s = suffix();
    const parentName = `E2E部门${s}`;
    const childName = `E2E小组${s}`;
    const renamed = `E2E班组${s}`;

    await openAdminPage(page, '系统管理', '部门管理', '/system/dept');
    const depts = table(page, '部门管理');
    const root = row(depts, '管理组', true);
    await expect(root).toBeVisible();
    // the seeded root has children: its row has an expander
    await expandRow(root);
    await expect(row(depts, '运营中心', true)).toBeVisible();

    // a department under the root, its parent picked in the tree select
    await addButton(depts).click();
    let dialog = formDialog(page, 'dept');
    await expect(dialog.getByText('新增部门')).toBeVisible();
    await dialog.locator('#dept-form_deptName').fill(parentName);
    await dialog.locator('#dept-form_fullName').fill(`${parentName}全称`);
    await pickTreeNodes(page, selectOf(dialog, 'dept-form_parentId'), ['管理组']);
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const parent = row(depts, parentName);
    // the root stays unfolded and shows it one level below
    await expect(parent).toBeVisible();
    await expect(parent).toHaveClass(/ant-table-row-level-1/);
    await expect(expander(parent)).toHaveCount(0);

    // a department under it, from its row's 新增下级: the parent is already chosen
    await link(parent, '新增下级').click();
    dialog = formDialog(page, 'dept');
    await expect(selectOf(dialog, 'dept-form_parentId').locator('.ant-select-selection-item')).toHaveText(parentName);
    await dialog.locator('#dept-form_deptName').fill(childName);
    await dialog.locator('#dept-form_fullName').fill(`${childName}全称`);
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // the parent now unfolds to show its child
    await expandRow(parent);
    const child = row(depts, childName);
    await expect(child).toBeVisible();
    await expect(child).toHaveClass(/ant-table-row-level-2/);
    await snap(page, 'dept-tree-expanded');

    // a department with a child cannot be removed
    await link(parent, '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '请先删除子节点')).toBeVisible();
    await expect(parent).toBeVisible();

    // rename the child
    await link(child, '编辑').click();
    dialog = formDialog(page, 'dept');
    await expect(dialog.getByText('编辑部门')).toBeVisible();
    await expect(dialog.locator('#dept-form_deptName')).toHaveValue(childName);
    await dialog.locator('#dept-form_deptName').fill(renamed);
    await submit(dialog);
    await expect(message(page, '更新成功')).toBeVisible();
    // the full name was left as it was: only the name cell changes
    await expect(row(depts, renamed, true)).toBeVisible();
    await expect(row(depts, childName, true)).toHaveCount(0);
    await expect(row(depts, renamed, true)).toContainText(`${childName}全称`);

    // without its child, the parent goes
    await link(row(depts, renamed), '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '删除成功')).toBeVisible();
    await expect(row(depts, renamed)).toHaveCount(0);
    await link(parent, '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '删除成功').last()).toBeVisible();
    await expect(parent).toHaveCount(0);
  });

  test('posts: add, search by name, a duplicate code is refused', async ({ page }) => {
    const s = suffix();
    const code = `e2e_post_${s}`;
    const name = `E2E岗位${s}`;

    await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
    const posts = table(page, '岗位管理');
    await expect(row(posts, 'ceo', true)).toBeVisible();

    const addPost = async (postCode: string, postName: string) => {
      await addButton(posts).click();
      const dialog = formDialog(page, 'post');
      await expect(dialog.getByText('新增岗位')).toBeVisible();
      await pickOption(page, selectOf(dialog, 'post-form_category'), '基层');
      await dialog.locator('#post-form_postCode').fill(postCode);
      await dialog.locator('#post-form_postName').fill(postName);
      await submit(dialog);
      return dialog;
    };

    let dialog = await addPost(code, name);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await search(page, 'post', { postName: name });
    await expect(rows(posts)).toHaveCount(1);
    await expect(row(posts, name)).toContainText(code);
    // the category column shows the dictionary's label, not its key
    await expect(await cell(posts, row(posts, name), '岗位类型')).toHaveText('基层');

    dialog = await addPost(code, `${name}二`);
    await expect(message(page, '岗位编号已存在')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('system dictionary: a code, its items (key required, code inherited), a sealed item stays; 880 px dialogs', async ({ page }) => {
    const s = suffix();
    const code = `e2e_dict_${s}`;
    const name = `E2E字典${s}`;

    await openAdminPage(page, '系统管理', '系统字典', '/system/dict');
    const parents = table(page, /^系统字典$/);
    await expect(table(page, '请先选择一条系统字典')).toBeVisible();

    await addButton(parents).click();
    let dialog = formDialog(page, 'dict-parent');
    await expect(dialog.getByText('新增系统字典')).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(880);
    // a code has no key and no parent: the parent table's form does not ask for them
    for (const label of ['字典编号', '字典名称', '字典排序', '封存']) await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('字典键值')).toHaveCount(0);
    await dialog.locator('#dict-parent-form_code').fill(code);
    await dialog.locator('#dict-parent-form_dictValue').fill(name);
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await search(page, 'dict-parent', { code });
    await expect(rows(parents)).toHaveCount(1);
    // on its code: the row's middle may be one of its links
    await row(parents, code).getByText(code, { exact: true }).click();
    const items = table(page, `系统字典 · ${name}`);
    await expect(items).toBeVisible();
    await expect(row(parents, code)).toHaveClass(/ant-table-row-selected/);

    await addButton(items).click();
    dialog = formDialog(page, 'dict-child');
    await expect(dialog.getByText('新增系统字典')).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(880);
    // the code comes from the chosen dictionary and cannot be changed
    await expect(dialog.locator('#dict-child-form_code')).toHaveValue(code);
    await expect(dialog.locator('#dict-child-form_code')).toBeDisabled();
    await dialog.locator('#dict-child-form_dictValue').fill('E2E封存项');
    await submit(dialog);
    await expect(dialog.getByText('请输入字典键值')).toBeVisible();
    await dialog.locator('#dict-child-form_dictKey').fill('1');
    await pickOption(page, selectOf(dialog, 'dict-child-form_isSealed'), '是');
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await addButton(items).click();
    dialog = formDialog(page, 'dict-child');
    await dialog.locator('#dict-child-form_dictKey').fill('2');
    await dialog.locator('#dict-child-form_dictValue').fill('E2E普通项');
    await submit(dialog);
    await expect(message(page, '新增成功').last()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const sealed = row(items, 'E2E封存项');
    const plain = row(items, 'E2E普通项');
    await expect(rows(items)).toHaveCount(2);
    await expect(await cell(items, sealed, '封存')).toHaveText('是');
    await expect(await cell(items, plain, '封存')).toHaveText('否');
    await snap(page, 'dict-chosen-parent');

    await link(sealed, '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '封存的字典不能删除')).toBeVisible();
    await expect(sealed).toBeVisible();

    await link(plain, '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '删除成功')).toBeVisible();
    await expect(plain).toHaveCount(0);
    await expect(rows(items)).toHaveCount(1);
  });

  test('dictionary layouts: items below the codes, and beside them', async ({ page }) => {
    const box = async (locator: Locator) => {
      const b = await locator.boundingBox();
      if (!b) throw new Error('not on screen');
      return b;
    };
    await page.goto('/dict-vertical/index');
    let parents = table(page, /^系统字典$/);
    let items = table(page, '请先选择一条系统字典');
    await expect(parents).toBeVisible();
    await expect(items).toBeVisible();
    await expect(row(parents, 'post_category', true)).toBeVisible();
    let [p, c] = [await box(parents), await box(items)];
    expect(c.y).toBeGreaterThanOrEqual(p.y + p.height);
    expect(Math.abs(c.x - p.x)).toBeLessThan(2);

    await page.goto('/dict-horizontal/index');
    parents = table(page, /^系统字典$/);
    items = table(page, '请先选择一条系统字典');
    await expect(parents).toBeVisible();
    await expect(items).toBeVisible();
    await expect(row(parents, 'post_category', true)).toBeVisible();
    [p, c] = [await box(parents), await box(items)];
    expect(c.x).toBeGreaterThanOrEqual(p.x + p.width);
    expect(Math.abs(c.y - p.y)).toBeLessThan(2);
  });

  test('a dictionary-backed select lists the dictionary, and an item added on the dictionary page', async ({ page }) => {
    const label = `E2E类型${suffix()}`;
    const key = String(100 + Math.floor(Math.random() * 900));
    try {
      await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
      const posts = table(page, '岗位管理');
      await addButton(posts).click();
      let dialog = formDialog(page, 'post');
      await selectOf(dialog, 'post-form_category').click();
      await expect(optionLabels(page)).toHaveText(['高层', '中层', '基层', '其他']);
      await closeDropdown(page);
      await dialog.getByRole('button', { name: buttonName('取消') }).click();
      await expect(dialog).toHaveCount(0);

      await openAdminPage(page, '系统管理', '系统字典', '/system/dict');
      const parents = table(page, /^系统字典$/);
      await search(page, 'dict-parent', { code: 'post_category' });
      await row(parents, 'post_category', true).getByText('post_category', { exact: true }).click();
      const items = table(page, '系统字典 · 岗位类型');
      await expect(rows(items)).toHaveCount(4);
      await addButton(items).click();
      dialog = formDialog(page, 'dict-child');
      await dialog.locator('#dict-child-form_dictKey').fill(key);
      await dialog.locator('#dict-child-form_dictValue').fill(label);
      await dialog.locator('#dict-child-form_sort').fill('9');
      await submit(dialog);
      await expect(message(page, '新增成功')).toBeVisible();
      await expect(row(items, label)).toBeVisible();

      await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
      await addButton(table(page, '岗位管理')).click();
      dialog = formDialog(page, 'post');
      await selectOf(dialog, 'post-form_category').click();
      await expect(optionLabels(page)).toHaveText(['高层', '中层', '基层', '其他', label]);
      await expect(dropdown(page)).toBeVisible();
    } finally {
      // the system dictionary is shared by every tenant and scenario: take the item out again
      const admin = await signedIn(base);
      const listed = await admin<{ id: string; dictValue: string }[]>('GET', '/us-system/dict/dictionary?code=post_category');
      const added = listed.data.find((i) => i.dictValue === label);
      if (added) await admin('POST', `/us-system/dict/remove?ids=${added.id}`);
    }
  });

  test('users: add one in a department, the tree narrows the list, reset, lock and unlock, disable and enable; no removing oneself', async ({ page, browser }) => {
    const s = suffix();
    const deptName = `E2E用户部${s}`;
    const subDeptName = `E2E用户组${s}`;
    const account = `e2eu${s}`;
    const otherAccount = `e2ev${s}`;
    const realName = `E2E用户${s}`;
    const firstPassword = 'First1234';

    // the departments (the department page's own scenario adds them through the page)
    const deptId = await addDept(base, deptName, await rootDeptId(base));
    const subDeptId = await addDept(base, subDeptName, deptId);
    // a second user in the department below, to see the tree narrow the list
    await addUser(base, { account: otherAccount, password: firstPassword, realName: `E2E组员${s}`, roleId: await roleId(base, '用户'), deptId: subDeptId });

    await openAdminPage(page, '系统管理', '用户管理', '/system/user');
    const users = table(page, '用户管理');
    const tree = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '所属部门' }) });
    await expect(tree.locator('.ant-tree-node-content-wrapper', { hasText: deptName })).toBeVisible();

    await addButton(users).click();
    const dialog = formDialog(page, 'user');
    await expect(dialog.getByText('新增用户')).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(880);
    await dialog.locator('#user-form_account').fill(account);
    await dialog.locator('#user-form_password').fill(firstPassword);
    await dialog.locator('#user-form_password__confirm').fill('Other1234');
    await dialog.locator('#user-form_name').fill(`昵称${s}`);
    await dialog.locator('#user-form_realName').fill(realName);
    await pickTreeNodes(page, selectOf(dialog, 'user-form_roleId'), ['用户']);
    await pickTreeNodes(page, selectOf(dialog, 'user-form_deptId'), [deptName]);
    await submit(dialog);
    await expect(dialog.getByText('两次密码输入不一致')).toBeVisible();
    await dialog.locator('#user-form_password__confirm').fill(firstPassword);
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // the department's users, those of the department below it included; then only those below
    const node = (name: string) => tree.locator('.ant-tree-node-content-wrapper', { hasText: name });
    await node(deptName).click();
    await expect(rows(users)).toHaveCount(2);
    await expect(row(users, account, true)).toBeVisible();
    await expect(row(users, otherAccount, true)).toBeVisible();
    await expect(await cell(users, row(users, account, true), '所属部门')).toHaveText(deptName);
    await expect(await cell(users, row(users, account, true), '所属角色')).toHaveText('用户');
    await tree.locator('.ant-tree-treenode', { hasText: deptName }).locator('.ant-tree-switcher').click();
    await node(subDeptName).click();
    await expect(rows(users)).toHaveCount(1);
    await expect(row(users, otherAccount, true)).toBeVisible();
    await node(deptName).click();
    await expect(rows(users)).toHaveCount(2);
    await snap(page, 'user-page-dept-tree');

    const mine = row(users, account, true);
    await mine.getByRole('checkbox').check();
    await users.getByRole('button', { name: buttonName('密码重置') }).click();
    await confirm(page, '确定将选择账号密码重置为初始密码?');
    await expect(message(page, '重置密码成功')).toBeVisible();

    // the user signs in elsewhere with the tenant's initial password
    expect((await tokenFor(base, account, firstPassword)).error_description).toBe('用户名或密码错误');
    const elsewhere = await browser.newContext();
    try {
      const theirs = await elsewhere.newPage();
      await loginAs(theirs, account, INIT_PASSWORD);
      await expect(theirs.locator('.wb-user')).toContainText(realName);
    } finally {
      await elsewhere.close();
    }

    // five wrong passwords lock the account
    for (let i = 1; i <= 5; i++) {
      const answer = await tokenFor(base, account, `wrong${i}pass`);
      expect(answer.error_description).toBe(i < 5 ? '用户名或密码错误' : AUTH_LOCKED);
    }
    await reloadTable(users);
    await expect(await cell(users, mine, '已锁定')).toHaveText('是');
    await expect(await cell(users, row(users, otherAccount, true), '已锁定')).toHaveText('否');
    const refused = await browser.newContext();
    try {
      const theirs = await refused.newPage();
      await theirs.goto('/login');
      await fillLogin(theirs, account, INIT_PASSWORD);
      await theirs.getByRole('button', { name: buttonName('登录') }).click();
      await expect(loginFailure(theirs, AUTH_LOCKED)).toBeVisible();
      await expect(theirs).toHaveURL(/\/login$/);
    } finally {
      await refused.close();
    }

    await mine.getByRole('checkbox').check();
    await users.getByRole('button', { name: buttonName('账号解锁') }).click();
    await confirm(page, '确定将选择账号解锁?');
    await expect(message(page, '解锁成功')).toBeVisible();
    await expect(await cell(users, mine, '已锁定')).toHaveText('否');
    const unlocked = await browser.newContext();
    try {
      await loginAs(await unlocked.newPage(), account, INIT_PASSWORD);
    } finally {
      await unlocked.close();
    }

    // disabled, the account cannot sign in and is told why; enabled, it signs in again
    await mine.getByRole('checkbox').check();
    await users.getByRole('button', { name: buttonName('停用') }).click();
    await confirm(page, '确定停用选择的账号? 停用后不能登录, 已登录的会话立即失效');
    await expect(message(page, '停用成功')).toBeVisible();
    await expect(await cell(users, mine, '状态')).toHaveText('已停用');
    const disabled = await browser.newContext();
    try {
      const theirs = await disabled.newPage();
      await theirs.goto('/login');
      await fillLogin(theirs, account, INIT_PASSWORD);
      await theirs.getByRole('button', { name: buttonName('登录') }).click();
      await expect(loginFailure(theirs, '账号已停用,请联系管理员')).toBeVisible();
    } finally {
      await disabled.close();
    }
    await mine.getByRole('checkbox').check();
    await users.getByRole('button', { name: buttonName('启用') }).click();
    await confirm(page, '确定启用选择的账号?');
    await expect(message(page, '启用成功')).toBeVisible();
    await expect(await cell(users, mine, '状态')).toHaveText('正常');

    // the administrator's own row cannot be removed
    await node(deptName).click();
    await search(page, 'user', { account: ADMIN.account });
    const me = row(users, ADMIN.account, true);
    await expect(me).toBeVisible();
    await link(me, '删除').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(message(page, '不能删除当前登录用户')).toBeVisible();
    await expect(me).toBeVisible();
  });

  test('regions: lazy rows down to a city, a district added under it, codes imported from a spreadsheet', async ({ page }) => {
    const n = String(Date.now() % 1_000_000).padStart(6, '0');
    const added = { code: `440399${n}`, name: `E2E新区${n}` };
    const imported = { code: `440398${n}`, name: `E2E导入区${n}` };

    await openAdminPage(page, '基础数据', '行政区划', '/base/region');
    const regions = table(page, '行政区划');
    const province = row(regions, '广东省', true);
    await expect(province).toBeVisible();
    await expect(row(regions, '深圳市', true)).toHaveCount(0);
    await expandRow(province);
    const city = row(regions, '深圳市', true);
    await expect(city).toBeVisible();
    await expect(row(regions, '广州市', true)).toBeVisible();
    await expandRow(city);
    await expect(row(regions, '南山区', true)).toBeVisible();
    await expect(row(regions, '福田区', true)).toBeVisible();

    await link(city, '新增下级').click();
    const dialog = formDialog(page, 'region');
    await expect(dialog.getByText('新增行政区划')).toBeVisible();
    await expect(selectOf(dialog, 'region-form_parentCode').locator('.ant-select-selection-item')).toHaveText('深圳市');
    await dialog.locator('#region-form_code').fill(added.code);
    await dialog.locator('#region-form_name').fill(added.name);
    await pickOption(page, selectOf(dialog, 'region-form_level'), '区县');
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(regions, added.name)).toBeVisible();
    await expect(row(regions, added.name)).toHaveClass(/ant-table-row-level-2/);

    // an .xlsx with the import's headers, one district under 深圳市
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('区划');
    sheet.addRow(['区划编号', '上级区划', '区划名称', '区划层级']);
    sheet.addRow([imported.code, '440300', imported.name, 3]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    await regions.getByRole('button', { name: buttonName('导入') }).click();
    const upload = page.locator('.ant-modal').filter({ has: page.locator('.ant-upload') });
    await expect(upload.getByText('支持的格式: .xlsx')).toBeVisible();
    await upload.locator('input[type=file]').setInputFiles({ name: 'regions.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await expect(upload.getByText('regions.xlsx')).toBeVisible();
    await upload.getByRole('button', { name: buttonName('确定') }).click();
    await expect(message(page, '已加入上传中心, 导入完成后列表自动刷新')).toBeVisible();
    await expect(upload).toHaveCount(0);
    // the page follows the import to its end, then reads the open rows again: the imported district is under 深圳市
    await expect(message(page, '导入完成: 成功 1 条, 失败 0 条')).toBeVisible();
    await expect(row(regions, imported.name)).toBeVisible();
    await expect(row(regions, imported.name)).toHaveClass(/ant-table-row-level-2/);
    await expect(row(regions, imported.name)).toContainText(imported.code);
    await snap(page, 'region-page');
  });
});
