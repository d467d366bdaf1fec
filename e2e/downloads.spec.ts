import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { buttonName, login, message, openParamPage, shownPage } from './support/shell';

test.describe('the download centre', () => {
  test('导出 of the parameter list runs as a job; the drawer offers its file, which holds the rows the list shows', async ({ page }) => {
    await login(page);
    await openParamPage(page);
    const list = shownPage(page);
    await list.locator('#param-search_paramKey').fill('account.');
    await list.getByRole('button', { name: buttonName('查询') }).click();
    const rows = list.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toContainText('account.');
    const shown = await rows.count();

    await list.getByRole('button', { name: buttonName('导出') }).click();
    await expect(message(page, '已加入下载中心, 完成后在下载中心下载')).toBeVisible();
    const indicator = page.locator('.wb-export-indicator');
    // the indicator follows the job to its end
    await expect(indicator).toHaveAttribute('data-state', 'success');

    await page.getByRole('button', { name: '下载/上传中心' }).click();
    const drawer = page.locator('.wb-downloads');
    await expect(drawer.getByRole('tab', { name: '下载中心' })).toHaveAttribute('aria-selected', 'true');
    const item = drawer.locator('.wb-downloads__item').first();
    await expect(item).toContainText('参数管理.xlsx');
    await expect(item).toHaveAttribute('data-job-status', '3');
    await expect(item).toContainText(/\d+(\.\d)? KB/);
    await page.screenshot({ path: test.info().outputPath('downloads-drawer.png') });

    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: '下载' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('参数管理.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await readFile((await file.path())!)).buffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toContain('参数键名');
    // the header and one row per parameter the filtered list shows
    expect(sheet.rowCount).toBe(shown + 1);
    const keys = (sheet.getColumn(3).values as unknown[]).slice(2).map(String);
    expect(keys).toContain('account.initPassword');
    expect(keys.every((k) => k.startsWith('account.'))).toBe(true);
  });
});

test.describe('the upload centre', () => {
  test('导入 of parameters: the template, a file with good and bad rows, the counts in the drawer, and the error file with each bad row’s reason', async ({ page }) => {
    const n = String(Date.now() % 1_000_000);
    await login(page);
    await openParamPage(page);
    const list = shownPage(page);
    await list.getByRole('button', { name: buttonName('导入') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入参数管理' });
    await expect(dialog.getByText('每次最多 50000 行')).toBeVisible();

    // the template names the form's columns
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: buttonName('下载导入模板') }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('参数管理导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await readFile((await template.path())!)).buffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['ID', '参数名称', '参数键名', '参数键值', '备注']);

    // filled in: two good rows, one without a name, one whose key is taken
    sheet.addRow(['', `导入甲${n}`, `e2e.import.a${n}`, '1', '']);
    sheet.addRow(['', '', `e2e.import.b${n}`, '2', '']);
    sheet.addRow(['', `导入丙${n}`, 'account.initPassword', '3', '']);
    sheet.addRow(['', `导入丁${n}`, `e2e.import.d${n}`, '4', '']);
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    await dialog.locator('input[type=file]').setInputFiles({ name: `参数${n}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    await expect(dialog.getByText(`参数${n}.xlsx`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('import-dialog.png') });
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    await expect(message(page, '已加入上传中心, 导入完成后列表自动刷新')).toBeVisible();
    await expect(page.locator('.wb-export-indicator')).toHaveAttribute('data-state', 'success');
    await expect(message(page, '导入完成: 成功 2 条, 失败 2 条')).toBeVisible();

    // the list shows what was written
    await list.locator('#param-search_paramKey').fill(`e2e.import.`);
    await list.getByRole('button', { name: buttonName('查询') }).click();
    await expect(list.getByText(`e2e.import.a${n}`)).toBeVisible();
    await expect(list.getByText(`e2e.import.d${n}`)).toBeVisible();

    await page.getByRole('button', { name: '下载/上传中心' }).click();
    const drawer = page.locator('.wb-downloads');
    await drawer.getByRole('tab', { name: '上传中心' }).click();
    const item = drawer.locator('.wb-downloads__item').filter({ hasText: `参数${n}.xlsx` });
    await expect(item).toHaveAttribute('data-import-status', 'completed');
    await expect(item).toContainText('导入完成');
    await expect(item).toContainText('成功 2 / 失败 2 / 共 4');
    await page.screenshot({ path: test.info().outputPath('uploads-drawer.png') });

    const errorDownload = page.waitForEvent('download');
    await item.getByText('下载错误文件').click();
    const errors = await errorDownload;
    expect(errors.suggestedFilename()).toBe(`参数${n}-错误数据.xlsx`);
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.load(new Uint8Array(await readFile((await errors.path())!)).buffer);
    const rows = errorBook.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['ID', '参数名称', '参数键名', '参数键值', '备注', '行号', '错误信息']);
    expect(rows.slice(1).map((r) => [r[3], r[6], r[7]])).toEqual([
      [`e2e.import.b${n}`, 3, '请输入参数名称'],
      ['account.initPassword', 4, '参数键名已存在'],
    ]);
  });
});
