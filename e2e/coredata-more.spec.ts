import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, pickerValue, tab } from './support/shell';
import { openCoredata, openSideMenu, pickProject, shot } from './support/micro-apps';

/*
 * The master data of the work on site in coredata, as an operator uses it:
 * 物联设备 opened from the shell's side menu, a device added with its project,
 * facility and supplier, the list following the shell's project picker, and
 * the picked project's devices exported through the download centre.
 */
test.describe('coredata: the master data of the work on site', () => {
  test('the home counts the ten pages; the side menu lists them under 主数据', async ({ page }) => {
    await login(page);
    const app = await openCoredata(page);
    // the home counts each page, those of a project for the picked one
    await expect(app.locator('.coredata-count-iot .ant-statistic-content-value')).toHaveText('2');
    await shot(page, 'coredata-overview');
    const side = page.locator('.wb-side-menu');
    const branch = side.locator('.ant-menu-submenu').filter({ hasText: '主数据' });
    if (!(await branch.locator('.ant-menu-item').first().isVisible())) await branch.locator('.ant-menu-submenu-title').click();
    const names = ['公司管理', '城市管理', '项目管理', '供应商管理', '车辆管理', '设施管理', '网格管理', '物联设备', '作业点位', '人员管理'];
    await expect(branch.locator('.ant-menu-item')).toHaveText(['主数据首页', ...names]);
  });

  test('物联设备: add a device with its references, follow the picked project, export the picked project’s devices', async ({ page }) => {
    await login(page);
    const app = await openCoredata(page);
    await openSideMenu(page, '主数据', '物联设备');
    await expect(page).toHaveURL(/\/coredata\/iot$/);
    await expect(tab(page, '物联设备')).toBeVisible();
    // the picker's first project is the one the list is for
    await expect(pickerValue(page)).toHaveText('深圳湾科技园');
    await expect(app.locator('.coredata-project-filter')).toContainText('深圳湾科技园');
    const rows = app.locator('.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '转运站视频监控' })).toContainText('深圳湾垃圾转运站');

    const name = `东门满溢检测${Date.now().toString(36)}`;
    await app.getByRole('button', { name: /新\s?增/ }).click();
    const form = app.locator('.ant-modal').last();
    const dropdown = app.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const choose = async (label: string, option: string, search?: string) => {
      if (search) await form.getByLabel(label).fill(search);
      else await form.getByLabel(label).click();
      await dropdown.getByText(option, { exact: true }).click();
      await expect(dropdown).toBeHidden();
    };
    await form.getByLabel('设备名称').fill(name);
    await form.getByLabel('设备编号').fill(`QH-D${Date.now() % 100_000}`);
    await choose('设备类型', '满溢检测');
    await choose('所属项目', '前海国际中心', '前海');
    await choose('所在设施', '前海一号配电房', '配电');
    await choose('供应商', '深圳智联物联科技有限公司', '智联');
    await choose('通信方式', 'LoRa');
    await form.getByLabel('安装位置').fill('东门垃圾桶组');
    await shot(page, 'coredata-iot-form');
    await form.getByRole('button', { name: /确\s?定|提\s?交|保\s?存/ }).click();
    await expect(app.locator('.ant-message').getByText('新增成功')).toBeVisible();
    // a device of another project than the picked one stays out of the list
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: name })).toHaveCount(0);

    await pickProject(page, '前海国际中心');
    await expect(app.locator('.coredata-project-filter')).toContainText('前海国际中心');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: name })).toContainText('前海一号配电房');
    await expect(rows.filter({ hasText: name })).toContainText('深圳智联物联科技有限公司');
    await shot(page, 'coredata-iot');

    await app.getByRole('button', { name: /导\s?出/ }).click();
    await expect(page.locator('.wb-export-indicator')).toHaveAttribute('data-state', 'success');
    await page.getByRole('button', { name: '下载/上传中心' }).click();
    const item = page.locator('.wb-downloads .wb-downloads__item').first();
    await expect(item).toContainText('物联设备.xlsx');
    await expect(item).toHaveAttribute('data-job-status', '3');
    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: '下载' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await readFile((await (await download).path())!)).buffer);
    const sheet = book.worksheets[0];
    // the header and the picked project's two devices, by name
    expect(sheet.rowCount).toBe(3);
    const names = (sheet.getColumn(2).values as unknown[]).slice(2).map(String);
    expect([...names].sort()).toEqual([name, '前海配电房智能电表'].sort());
    const added = (sheet.getRow(names.indexOf(name) + 2).values as unknown[]).map(String);
    expect(added).toEqual(expect.arrayContaining(['满溢检测', '前海国际中心', '前海一号配电房', '深圳智联物联科技有限公司', 'LoRa', '东门垃圾桶组']));
  });
});
