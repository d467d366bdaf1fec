import { expect, test } from '@playwright/test';
import { login, logout, pickerDropdown, searchProject } from './support/shell';

test.describe('themes and language', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('theme-hey and #ff8642 by default; the dark theme and a colour are kept after a reload and a logout', async ({ page }) => {
    const layout = page.locator('.wb-layout');
    await expect(layout).toHaveClass(/theme-hey/);
    await expect(layout).toHaveCSS('--wb-primary', '#ff8642');

    await page.getByRole('button', { name: '主题' }).click();
    const themes = page.getByRole('radiogroup', { name: '主题' });
    await expect(themes.getByRole('radio')).toHaveCount(11);
    await themes.getByRole('radio', { name: '黑色主题' }).click();
    await expect(layout).toHaveClass(/theme-dark/);
    // antd's dark algorithm: the cards of the pages turn dark
    await expect(page.locator('.ant-card').first()).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    await expect(page.locator('.wb-header')).toHaveCSS('background-color', 'rgb(20, 20, 20)');

    await page.getByRole('button', { name: '#1677ff' }).click();
    await expect(layout).toHaveCSS('--wb-primary', '#1677ff');

    await page.reload();
    await expect(layout).toHaveClass(/theme-dark/);
    await expect(layout).toHaveCSS('--wb-primary', '#1677ff');

    // a per-browser choice: logging out does not forget it
    await logout(page);
    await login(page);
    await expect(layout).toHaveClass(/theme-dark/);

    await page.getByRole('button', { name: '主题' }).click();
    await page.getByRole('radiogroup', { name: '主题' }).getByRole('radio', { name: '白色主题' }).click();
    await expect(layout).toHaveClass(/theme-white/);
    await expect(page.locator('.wb-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('English: the title, the shell, antd’s own texts; the current language is disabled', async ({ page }) => {
    await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
    await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveTitle('Workbench - Operations Workbench');
    // a preloaded sub-app brings its own <html> into the page: the shell's is the first
    await expect(page.locator('html').first()).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Welcome back, 管理员')).toBeVisible();
    await expect(page.getByText('Current project', { exact: true }).first()).toBeVisible();
    // the project picker's empty search is antd's text, set by the shell
    await searchProject(page, 'nothing like this');
    await expect(pickerDropdown(page).getByText('No data')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.locator('.wb-user').hover();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a lock password' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.locator('.wb-header').getByRole('button', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page).toHaveTitle('工作台 - 运营工作台');
    await expect(page.getByText('当前项目', { exact: true }).first()).toBeVisible();
  });
});

// On the login document the field is styled by antd's CSS rendered at build time; it follows the media query.
test('the system asking for less motion turns antd’s animations off, and back on', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/login');
  const account = page.locator('#login_username');
  await expect(account).toHaveCSS('transition-duration', '0.2s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(account).toHaveCSS('transition-duration', '0s');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(account).toHaveCSS('transition-duration', '0.2s');
});
