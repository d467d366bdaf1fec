import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn, unique } from './support/api';
import { cell, closeDropdown, dropdown, pickOption, row, submit } from './support/organisation';
import { MAIN_PORT, baseUrl } from './support/servers';
import { buttonName, login, message, shownPage, tab } from './support/shell';

/** 报表管理 › 新增 and 编辑 (issue 31): a report made in the report page itself, not saved from a list. */

/** The report form (新增 / 编辑: form#report-form). */
const reportDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('form#report-form') });

/** The titles of the columns a table shows, without the actions column. */
async function headers(scope: Locator): Promise<string[]> {
  const texts = await scope.locator('.ant-table-thead > tr > th').allInnerTexts();
  return texts.map((s) => s.trim()).filter((s) => s && s !== '操作');
}

/** The select around the input of a form field (its tags, its clear button). */
const selectOf = (dialog: Locator, id: string) => dialog.locator('.ant-select').filter({ has: dialog.page().locator(`#${id}`) });

test('报表管理 › 新增: a report of the posts, listed by its data’s name, opened, its columns edited', async ({ page }) => {
  // add, list, view, edit and view again: more steps than the default minute allows a loaded machine
  test.setTimeout(120_000);
  const admin = await signedIn(baseUrl(MAIN_PORT));
  const prefix = unique('报表岗位');
  for (const [code, category] of [
    ['a', '1'],
    ['b', '2'],
  ])
    expect((await admin('POST', '/us-system/post/submit', { category, postCode: `${prefix}-${code}`, postName: `${prefix}-${code}`, sort: 1 })).success).toBe(true);
  const name = unique('岗位报表 ');

  await login(page);
  await page.goto('/tool/report');
  // the first page of a session loads the menus: a loaded machine takes its time
  await expect(tab(page, '报表管理')).toBeVisible({ timeout: 30_000 });
  await shownPage(page)
    .getByRole('button', { name: buttonName('新增') })
    .click();
  const form = reportDialog(page);
  await expect(form.getByText('新增报表')).toBeVisible();
  // the data first: then its columns (all its list shows), its filters and its chart
  await pickOption(page, form.getByLabel('数据'), '岗位管理');
  await expect(selectOf(form, 'report-form_columns').locator('.ant-select-selection-item')).toHaveText(['岗位类型', '岗位编号', '岗位名称', '排序']);
  await form.locator('#report-form_filters_postName').fill(prefix);
  await pickOption(page, form.getByLabel('图表'), '柱状图');
  await pickOption(page, form.getByLabel('按字段分组'), '岗位类型');
  await form.getByLabel('报表名称').fill(name);
  await submit(form);
  await expect(message(page, '新增成功')).toBeVisible();
  await expect(form).toHaveCount(0);

  // listed with its data's name, not its code
  const list = shownPage(page).locator('.ant-pro-table');
  const saved = row(list, name);
  await expect(await cell(list, saved, '数据')).toHaveText('岗位管理');

  // 查看 opens it: the chart, the two posts its filter finds, every column of the posts' list
  await saved.getByText('查看').click();
  const view = page.locator('.ant-modal').filter({ hasText: name });
  // ECharts is a chunk of its own, loaded with the first chart
  await expect(view.getByRole('img', { name: '图表' })).toBeVisible({ timeout: 30_000 });
  await expect(view.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  expect(await headers(view)).toEqual(['岗位类型', '岗位编号', '岗位名称', '排序']);
  await view.locator('.ant-modal-close').click();
  await expect(view).toHaveCount(0);

  // 编辑: other columns, in another order
  await saved.getByText('编辑').click();
  const edit = reportDialog(page);
  await expect(edit.getByText('编辑报表')).toBeVisible();
  await expect(edit.locator('#report-form_filters_postName')).toHaveValue(prefix);
  const columns = selectOf(edit, 'report-form_columns');
  const tags = columns.locator('.ant-select-selection-item');
  await expect(tags).toHaveText(['岗位类型', '岗位编号', '岗位名称', '排序']);
  for (const label of ['岗位类型', '岗位编号', '排序']) await tags.filter({ hasText: label }).locator('.ant-select-selection-item-remove').click();
  await expect(tags).toHaveText(['岗位名称']);
  // a column chosen again goes last: the report shows them in this order
  await columns.click();
  await dropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: /^岗位编号$/ })
    .click();
  await closeDropdown(page);
  await expect(tags).toHaveText(['岗位名称', '岗位编号']);
  await submit(edit);
  await expect(message(page, '更新成功')).toBeVisible();
  await expect(edit).toHaveCount(0);

  await saved.getByText('查看').click();
  await expect(view.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  expect(await headers(view)).toEqual(['岗位名称', '岗位编号']);
  await expect(row(view, `${prefix}-a`)).toBeVisible();
});
