import { expect, test } from '@playwright/test';
import { login, openParamPage } from './support/shell';

test.describe('navigation helpers', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('from=coredata opens the 主数据 top menu', async ({ page }) => {
    await page.goto('/wel/index?from=coredata');
    await expect(page).toHaveURL(/\/coredata/);
    // its side menu: the master-data branch
    await expect(page.locator('.wb-side-menu')).toContainText('主数据');
    await expect(page.locator('.wb-tabs').getByRole('tab', { name: '主数据' })).toBeVisible();
  });

  test('target opens the address in a new window and leaves the address bar', async ({ page }) => {
    const popup = page.waitForEvent('popup');
    await page.goto('/wel/index?target=%2Fhealth');
    const opened = await popup;
    await expect.poll(() => opened.url()).toMatch(/\/health$/);
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('small screens fold the sidebar and shorten the header', async ({ page }) => {
    await openParamPage(page);
    await expect(page.locator('.wb-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page.locator('.wb-logo')).toContainText('运营工作台');
    await page.setViewportSize({ width: 900, height: 700 });
    await expect(page.locator('.wb-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page.locator('.wb-logo')).not.toContainText('运营工作台');
    await expect(page.locator('.wb-menu-autocomplete')).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.locator('.wb-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
  });

  test('the workbench has no sidebar', async ({ page }) => {
    await openParamPage(page);
    await expect(page.locator('.wb-sider')).toBeVisible();
    await page.locator('.wb-top-menu').getByRole('menuitem', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.locator('.wb-sider')).toHaveCount(0);
  });
});
