import { expect, test } from '@playwright/test';
import { login, tab } from './support/shell';

test.describe('menu search', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('the dialog matches names by prefix, opens with Enter, closes with Esc', async ({ page }) => {
    await page.locator('.wb-header').getByRole('button', { name: '搜索菜单' }).click();
    const dialog = page.getByRole('dialog', { name: '菜单搜索' });
    const input = dialog.getByRole('textbox', { name: '菜单搜索' });
    await input.fill('参数');
    await expect(dialog.getByRole('option')).toHaveCount(1);
    await expect(dialog.getByRole('option').first()).toContainText('参数管理');
    await expect(dialog.getByRole('option').first()).toContainText('系统管理');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '参数管理')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox').fill('没有这个菜单');
    await expect(dialog.getByText('没有匹配的菜单')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('pinyin initials and full pinyin find Chinese names: xtgl is 系统管理', async ({ page }) => {
    await page.locator('.wb-header').getByRole('button', { name: '搜索菜单' }).click();
    const dialog = page.getByRole('dialog', { name: '菜单搜索' });
    await dialog.getByRole('textbox').fill('xtgl');
    await expect(dialog.getByRole('option').first()).toContainText('系统管理');
    await dialog.getByRole('textbox').fill('bumen');
    await expect(dialog.getByRole('option').first()).toContainText('部门管理');
    await dialog.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/system\/dept$/);
    await expect(tab(page, '部门管理')).toBeVisible();
  });

  test('the top-bar search box suggests and opens menus', async ({ page }) => {
    const box = page.locator('.wb-header').getByRole('combobox', { name: '搜索菜单' });
    await box.click();
    await box.fill('csgl');
    const option = page.locator('.wb-menu-autocomplete__popup').getByText('参数管理');
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(box).toHaveValue('');

    await box.fill('XTGL');
    await page.locator('.wb-menu-autocomplete__popup').getByText('系统管理', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/system\/user$/);
  });
});
