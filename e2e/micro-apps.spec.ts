import { expect, test } from '@playwright/test';
import { login, pickerValue, tab } from './support/shell';
import { openCoredata, openSideMenu, pickProject, shot, subApp } from './support/micro-apps';

/*
 * The micro-frontend host with the real, separately built coredata sub-app
 * (apps/subapps/coredata/dist, served by the server at /subapps/coredata/),
 * mounted by wujie in Chromium.
 */
test.describe('micro-frontend host: coredata inside the shell', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('主数据 from the top menu mounts coredata in the main view, its pages from the side menu', async ({ page }) => {
    const app = await openCoredata(page);
    // the overview counts each of the ten pages through the API with the shell's session
    await expect(app.locator('.coredata-count')).toHaveCount(10);
    await expect(app.locator('.coredata-count-company .ant-statistic-content-value')).toHaveText(/^[1-9]\d*$/);
    await expect(app.locator('.coredata-count-grid .ant-statistic-content-value')).toHaveText(/^\d+$/);
    // the sub-app container is the window height minus 116 px
    const height = await app.evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round(height)).toBe(800 - 116);
    await shot(page, 'coredata-in-shell');

    await openSideMenu(page, '主数据', '公司管理');
    await expect(page).toHaveURL(/\/coredata\/company$/);
    await expect(tab(page, '公司管理')).toBeVisible();
    await expect(app.locator('.ant-pro-table')).toBeVisible();
    await expect(app.locator('.ant-table-row').first()).toBeVisible();
    // the same app, told to change page (route-change), not mounted twice
    await expect(page.locator('iframe[name="coredata"]')).toHaveCount(1);
    await shot(page, 'coredata-company-in-shell');
  });

  test('a page opened directly (reload) mounts coredata at that page', async ({ page }) => {
    await page.goto('/coredata/city');
    const app = subApp(page, 'coredata');
    await expect(app.locator('.ant-pro-table')).toBeVisible({ timeout: 30_000 });
    await expect(app.locator('.ant-breadcrumb')).toContainText('城市管理');
  });

  test("the shell picker's project-change filters coredata's project list", async ({ page }) => {
    await page.goto('/coredata/project');
    const app = subApp(page, 'coredata');
    await expect(pickerValue(page)).toHaveText('深圳湾科技园');
    await expect(app.locator('.coredata-project-filter')).toContainText('深圳湾科技园');
    await expect(app.locator('.ant-table-row')).toHaveCount(1);
    await expect(app.locator('.ant-table-row').first()).toContainText('深圳湾科技园');

    await pickProject(page, '琶洲互联网区');
    await expect(app.locator('.coredata-project-filter')).toContainText('琶洲互联网区');
    await expect(app.locator('.ant-table-row')).toHaveCount(1);
    await expect(app.locator('.ant-table-row').first()).toContainText('琶洲互联网区');

    // an 'all' entry stands for every project of the city
    await pickProject(page, '全部(广州)');
    await expect(app.locator('.coredata-project-filter')).toContainText('全部(广州)');
    await expect.poll(() => app.locator('.ant-table-row').count()).toBeGreaterThan(1);
    await expect(app.locator('.ant-table-row').filter({ hasText: '深圳湾科技园' })).toHaveCount(0);
  });

  test('a kept-alive app keeps its state between tabs', async ({ page }) => {
    await page.goto('/coredata/company');
    const app = subApp(page, 'coredata');
    await expect(app.locator('.ant-pro-table')).toBeVisible({ timeout: 30_000 });
    const search = app.getByLabel('公司名称');
    await search.fill('城市服务');
    const iframes = await page.locator('iframe').count();

    await tab(page, '工作台').click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(app).toBeHidden();
    await tab(page, '公司管理').click();
    await expect(page).toHaveURL(/\/coredata\/company$/);
    await expect(app).toBeVisible();
    await expect(search).toHaveValue('城市服务');
    // nothing was mounted again
    expect(await page.locator('iframe').count()).toBe(iframes);
  });

  test('a project added in coredata appears in the shell picker after data-refresh', async ({ page }) => {
    await page.goto('/coredata/project');
    const app = subApp(page, 'coredata');
    await expect(app.locator('.ant-pro-table')).toBeVisible({ timeout: 30_000 });
    const name = `新项目${Date.now().toString(36)}`;

    await app.getByRole('button', { name: /新\s?增/ }).click();
    const form = app.locator('.ant-modal, .ant-drawer').last();
    await form.getByLabel('项目名称').fill(name);
    const openDropdown = app.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    // Esc in a searchable reference closes its dropdown and keeps the form
    await form.getByLabel('所属公司').fill('城市');
    await expect(openDropdown.getByText('城市服务集团', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(openDropdown).toBeHidden();
    // and it stays shut: the fault was a reopening a moment after it closed
    await page.waitForTimeout(500);
    await expect(openDropdown).toBeHidden();
    await expect(form.getByLabel('项目名称')).toHaveValue(name);
    await form.getByLabel('所属公司').click();
    await openDropdown.getByText('城市服务集团', { exact: true }).click();
    await form.getByLabel('所属城市').click();
    await openDropdown.getByText('广州', { exact: true }).click();
    await form.getByRole('button', { name: /确\s?定|提\s?交|保\s?存/ }).click();
    await expect(app.locator('.ant-message').getByText('新增成功')).toBeVisible();

    // picking a project sends project-change and data-refresh; the shell's own tree is read again too
    await pickProject(page, '琶洲互联网区');
    await pickProject(page, name);
    await expect(app.locator('.coredata-project-filter')).toContainText(name);
  });
});
