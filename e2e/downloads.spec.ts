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

    await drawer.getByRole('tab', { name: '上传中心' }).click();
    await expect(drawer.getByText('暂无导入记录')).toBeVisible();
  });
});
