import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDept, addUser, formDialog, openAdminPage, roleId, rootDeptId, row, rows, search, table } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, message } from './support/shell';

/**
 * The resource framework reads a record the same way everywhere (issue 31): 查看 and exports show
 * names and dictionary items, not ids and keys; the form checks the server's rules as they are
 * typed; lists sort on the server by a column; 导出 of chosen rows exports only those.
 */
const base = baseUrl(MAIN_PORT);
const suffix = () => String(Date.now() % 1_000_000);
const SHOTS = '/tmp/shots-resource';

test.beforeEach(async ({ page }) => {
  await login(page);
});

/** The file of the newest 岗位管理 export in the download centre, once its job is done. */
async function exportedSheet(page: Page): Promise<ExcelJS.Worksheet> {
  await expect(message(page, '已加入下载中心, 完成后在下载中心下载')).toBeVisible();
  await expect(page.locator('.wb-export-indicator')).toHaveAttribute('data-state', 'success');
  await page.getByRole('button', { name: '下载/上传中心' }).click();
  const item = page.locator('.wb-downloads .wb-downloads__item').filter({ hasText: '岗位管理.xlsx' }).first();
  await expect(item).toHaveAttribute('data-job-status', '3');
  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: '下载' }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile((await file.path())!)).buffer);
  await page.keyboard.press('Escape');
  return book.worksheets[0];
}

/** A column of a sheet by its header, without the header. */
function column(sheet: ExcelJS.Worksheet, header: string): string[] {
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  return (sheet.getColumn(index).values as unknown[]).slice(2).map((v) => String(v ?? ''));
}

/** The texts of one column of a table's rows, by its header. */
async function columnTexts(tableLocator: Locator, header: string): Promise<string[]> {
  const titles = await tableLocator.locator('.ant-table-thead > tr > th').allInnerTexts();
  const index = titles.findIndex((t) => t.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows(tableLocator)
    .locator(`> td:nth-child(${index + 1})`)
    .allInnerTexts();
}

test('查看 of a user shows the names of its roles and departments, as 编辑 does', async ({ page }) => {
  const s = suffix();
  const deptName = `E2E标签部${s}`;
  const deptId = await addDept(base, deptName, await rootDeptId(base));
  const account = `e2elabel${s}`;
  await addUser(base, { account, password: 'Label1234', realName: `E2E标签${s}`, roleId: await roleId(base, '用户'), deptId });

  await openAdminPage(page, '系统管理', '用户管理', '/system/user');
  const users = table(page, '用户管理');
  await search(page, 'user', { account });
  await expect(rows(users)).toHaveCount(1);
  await row(users, account).getByText('查看', { exact: true }).click();
  const dialog = formDialog(page, 'user');
  await expect(dialog.getByText(`查看用户`, { exact: true })).toBeVisible();
  const item = (label: string) => dialog.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await expect(item('所属角色')).toContainText('用户');
  await expect(item('所属部门')).toContainText(deptName);
  await expect(item('所属部门')).not.toContainText(deptId);
  // a dictionary field reads as its item, too
  await expect(item('用户平台')).not.toContainText(/^\s*\d+\s*$/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/user-view.png` });
});

test('岗位管理 › 导出 writes the categories’ names (高层 / 中层 / 基层), not their keys', async ({ page }) => {
  await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
  const posts = table(page, '岗位管理');
  await expect(row(posts, 'ceo', true)).toBeVisible();
  await posts.getByRole('button', { name: buttonName('导出') }).click();
  const sheet = await exportedSheet(page);
  const categories = column(sheet, '岗位类型');
  for (const name of ['高层', '中层', '基层']) expect(categories).toContain(name);
  expect(categories.filter((c) => /^\d+$/.test(c))).toEqual([]);
});

test('the user form shows what is wrong with a phone, an e-mail and a password under the field, before 确定', async ({ page }) => {
  await openAdminPage(page, '系统管理', '用户管理', '/system/user');
  await table(page, '用户管理')
    .getByRole('button', { name: buttonName('新增') })
    .click();
  const dialog = formDialog(page, 'user');
  await expect(dialog.getByText('新增用户', { exact: true })).toBeVisible();
  const explain = (field: string) =>
    dialog
      .locator('.ant-form-item')
      .filter({ has: page.locator(`#user-form_${field}`) })
      .locator('.ant-form-item-explain');
  await dialog.locator('#user-form_phone').fill('1380013');
  await expect(explain('phone')).toHaveText('手机号码长度不为11位');
  await dialog.locator('#user-form_phone').fill('23800138000');
  await expect(explain('phone')).toHaveText('手机号码格式不正确');
  await dialog.locator('#user-form_email').fill('someone@');
  await expect(explain('email')).toHaveText('电子邮箱格式不正确');
  await dialog.locator('#user-form_password').fill('abcdefgh');
  await expect(explain('password')).toHaveText('密码至少 8 位, 须同时包含字母和数字');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/user-form-rules.png` });
  // mended, the messages go
  await dialog.locator('#user-form_phone').fill('13800138000');
  await dialog.locator('#user-form_email').fill('someone@example.com');
  await dialog.locator('#user-form_password').fill('abcd1234');
  for (const field of ['phone', 'email', 'password']) await expect(explain(field)).toHaveCount(0);
});

test('sorting 岗位管理 by a column asks the server for that order, both ways', async ({ page }) => {
  await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
  const posts = table(page, '岗位管理');
  await expect(row(posts, 'ceo', true)).toBeVisible();
  const header = posts.locator('.ant-table-thead th').filter({ hasText: /^岗位编号$/ });
  const asked = page.waitForRequest((r) => r.url().includes('/us-system/post/list') && r.url().includes('ascs=postCode'));
  await header.click();
  await asked;
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await columnTexts(posts, '岗位编号');
  expect(ascending).toEqual([...ascending].sort());
  const askedDesc = page.waitForRequest((r) => r.url().includes('/us-system/post/list') && r.url().includes('descs=postCode'));
  await header.click();
  await askedDesc;
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await columnTexts(posts, '岗位编号'))[0]).not.toBe(ascending[0]);
  const descending = await columnTexts(posts, '岗位编号');
  expect(descending).toEqual([...descending].sort().reverse());
});

test('导出 of the chosen rows exports those rows only', async ({ page }) => {
  await openAdminPage(page, '系统管理', '岗位管理', '/system/post');
  const posts = table(page, '岗位管理');
  for (const code of ['ceo', 'operator']) await row(posts, code, true).locator('.ant-checkbox-input').check();
  const button = posts.getByRole('button', { name: /导出选中 \(2\)/ });
  await expect(button).toBeVisible();
  await button.click();
  const sheet = await exportedSheet(page);
  expect(column(sheet, '岗位编号').sort()).toEqual(['ceo', 'operator']);
});
