import { expect, test, type Page } from '@playwright/test';
import { buttonName, confirmDialog, login, message, openParamPage, shownPage } from './support/shell';

/** The add/edit dialog of the param resource (form name 'param-form'). */
const dialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('form#param-form') });
const row = (page: Page, key: string) => shownPage(page).locator('.ant-table-tbody tr').filter({ hasText: key });

async function addParam(page: Page, name: string, key: string, value: string): Promise<void> {
  await page.getByRole('button', { name: buttonName('新增') }).click();
  const form = dialog(page);
  await expect(form.getByText('新增参数')).toBeVisible();
  await form.getByLabel('参数名称').fill(name);
  await form.getByLabel('参数键名').fill(key);
  await form.getByLabel('参数键值').fill(value);
  await form.getByRole('button', { name: buttonName('确定') }).click();
}

test.describe('参数管理 (generic resource page)', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
    await openParamPage(page);
    await expect(row(page, 'account.initPassword')).toBeVisible();
  });

  test('add, search, view, edit and delete a param', async ({ page }) => {
    const key = `e2e.crud.${Date.now()}`;

    await addParam(page, 'E2E 参数', key, 'first');
    await expect(message(page, '新增成功')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row(page, key)).toContainText('first');

    await page.locator('#param-search_paramKey').fill(key);
    await page.getByRole('button', { name: buttonName('查询') }).click();
    await expect(shownPage(page).locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, key)).toBeVisible();

    await row(page, key).getByText('查看').click();
    const view = page.locator('.ant-modal').filter({ hasText: '查看参数' });
    await expect(view.getByText('first')).toBeVisible();
    // Read-only: the values are text, not inputs, and there is no submit button.
    await expect(view.getByRole('textbox')).toHaveCount(0);
    await expect(view.getByRole('button', { name: buttonName('确定') })).toHaveCount(0);
    await view.getByRole('button', { name: /close|关闭/i }).click();

    await row(page, key).getByText('编辑').click();
    const form = dialog(page);
    await expect(form.getByLabel('参数键值')).toHaveValue('first');
    await form.getByLabel('参数键值').fill('second');
    await form.getByRole('button', { name: buttonName('确定') }).click();
    await expect(message(page, '更新成功')).toBeVisible();
    await expect(row(page, key)).toContainText('second');

    await row(page, key).getByText('删除').click();
    await expect(confirmDialog(page).getByText('确定将选择数据删除?')).toBeVisible();
    await confirmDialog(page)
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(message(page, '删除成功')).toBeVisible();
    await expect(row(page, key)).toHaveCount(0);

    // Clearing the search (empty values are dropped) lists everything again.
    await page.locator('#param-search_paramKey').fill('');
    await page.getByRole('button', { name: buttonName('查询') }).click();
    await expect(row(page, 'account.initPassword')).toBeVisible();
  });

  test('required fields show their messages', async ({ page }) => {
    await page.getByRole('button', { name: buttonName('新增') }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: buttonName('确定') }).click();
    await expect(form.getByText('请输入参数名称')).toBeVisible();
    await expect(form.getByText('请输入参数键名')).toBeVisible();
    await expect(form.getByText('请输入参数键值')).toBeVisible();
  });

  test('a duplicate key shows the server message and keeps the dialog open', async ({ page }) => {
    await addParam(page, '重复', 'account.initPassword', 'x');
    await expect(message(page, '参数键名已存在')).toBeVisible();
    await expect(dialog(page)).toBeVisible();
  });

  test('bulk delete needs a selection, then deletes the selected rows', async ({ page }) => {
    await page.getByRole('button', { name: buttonName('删除') }).click();
    await expect(message(page, '请选择至少一条数据')).toBeVisible();

    const stamp = Date.now();
    const keys = [`e2e.bulk.a.${stamp}`, `e2e.bulk.b.${stamp}`];
    for (const key of keys) {
      await addParam(page, key, key, 'v');
      await expect(row(page, key)).toBeVisible();
    }
    for (const key of keys) await row(page, key).getByRole('checkbox').check();
    await page.getByRole('button', { name: buttonName('删除') }).click();
    await expect(confirmDialog(page).getByText('确定将选择数据删除?')).toBeVisible();
    await confirmDialog(page)
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(message(page, '删除成功')).toBeVisible();
    for (const key of keys) await expect(row(page, key)).toHaveCount(0);
  });
});
