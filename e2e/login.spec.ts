import { expect, test } from '@playwright/test';
import { buttonName, confirmDialog, fillLogin, login, loginFailure, logout, tab, userMenu } from './support/shell';

test.describe('login and session', () => {
  test('login (captcha off) lands on /wel/index with the 工作台 tab', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('登录');
    // Captcha is off on this server and tenant mode is off: neither field is shown.
    await expect(page.locator('#login_code')).toHaveCount(0);
    await expect(page.locator('#login_tenantId')).toHaveCount(0);

    await fillLogin(page);
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(tab(page, '工作台')).toBeVisible();
    await expect(page).toHaveTitle('工作台 - 运营工作台');
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  });

  test('the form is on screen and takes typing before any script has run, and keeps it', async ({ page }) => {
    // Every script of the page waits until the fields are filled in.
    let release!: () => void;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto('/login?redirect=%2Fsystem%2Fparam', { waitUntil: 'commit' });
    await fillLogin(page);
    // The scripts are held: the button waits for them, and Enter cannot send the form the browser's way (the password in the address).
    await expect(page.getByRole('button', { name: buttonName('登录') })).toBeDisabled();
    await page.locator('#login_password').press('Enter');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fparam$/);

    release();
    await expect(page.getByRole('button', { name: buttonName('登录') })).toBeEnabled();
    await expect(page.locator('#login_username')).toHaveValue('admin');
    await expect(page.locator('#login_password')).toHaveValue('admin123');
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '参数管理')).toBeVisible();
  });

  test('the language switch changes the form in place and is remembered', async ({ page }) => {
    await page.goto('/login');
    await page.locator('#login_username').fill('admin');
    // named by what it shows: the other language
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('label[for="login_username"]')).toHaveText('Account');
    await expect(page).toHaveTitle('Log in');
    await expect(page.locator('#login_username')).toHaveValue('admin');
    await page.reload();
    await expect(page.locator('label[for="login_username"]')).toHaveText('Account');
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.locator('label[for="login_username"]')).toHaveText('账号');
  });

  test('a wrong password shows the server error description', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'admin', 'wrong-password');
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(loginFailure(page, '用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields show the required messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
  });

  test('a protected page sends to /login and back after login', async ({ page }) => {
    await page.goto('/system/param');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fparam$/);
    await fillLogin(page);
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '参数管理')).toBeVisible();
  });

  test('with a token, /login goes back into the app', async ({ page }) => {
    await login(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('logout asks for confirmation, then forgets the session', async ({ page }) => {
    await login(page);
    await userMenu(page, '退出登录');
    const dialog = confirmDialog(page);
    await expect(dialog.getByText('退出系统, 是否继续?')).toBeVisible();

    // Cancelling keeps the session.
    await dialog.getByRole('button', { name: buttonName('取消') }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);

    await logout(page);
    expect(await page.evaluate(() => localStorage.getItem('saber-token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('saber-storage-version'))).toBe('v2');

    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/);
  });
});
