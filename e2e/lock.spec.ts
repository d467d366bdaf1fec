import { expect, test } from '@playwright/test';
import { buttonName, login, openParamPage, userMenu } from './support/shell';

test.describe('lock screen', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('asks for a lock password, locks every route, refuses a wrong password, returns where the user was', async ({ page }) => {
    await openParamPage(page);
    await userMenu(page, '锁屏');
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: buttonName('锁屏') }).click();
    await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();

    await dialog.getByLabel('锁屏密码').fill('lock1234');
    await dialog.getByRole('button', { name: buttonName('锁屏') }).click();
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.getByText('屏幕已锁定').first()).toBeVisible();

    // every route leads to /lock, a reload included (the lock lives in sessionStorage)
    await page.goto('/system/param');
    await expect(page).toHaveURL(/\/lock$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/lock$/);
    // reloaded, the lock screen is the lock document, on screen before the workbench's code
    await page.reload();
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.locator('.wb-lock__card--document')).toBeVisible();

    const password = page.getByLabel('锁屏密码');
    await page.getByRole('button', { name: buttonName('解锁') }).click();
    await expect(page.getByText('锁屏密码不能为空')).toBeVisible();
    await password.fill('wrong-one');
    await page.getByRole('button', { name: buttonName('解锁') }).click();
    await expect(page.getByRole('alert').filter({ hasText: '锁屏密码错误' })).toBeVisible();
    await expect(page).toHaveURL(/\/lock$/);

    await password.fill('lock1234');
    await page.getByRole('button', { name: buttonName('解锁') }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(page.locator('.wb-header')).toBeVisible();

    // the password is kept for this login: locking again asks nothing; the shell's own lock screen
    // refuses a wrong password the same way
    await userMenu(page, '锁屏');
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.locator('.wb-lock__card--document')).toHaveCount(0);
    await page.getByLabel('锁屏密码').fill('wrong-again');
    await page.keyboard.press('Enter');
    await expect(page.getByText('锁屏密码错误')).toBeVisible();
    await page.getByLabel('锁屏密码').fill('lock1234');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/param$/);
  });

  test('a new login clears the lock', async ({ page }) => {
    await userMenu(page, '锁屏');
    await page.getByRole('dialog').getByLabel('锁屏密码').fill('lock1234');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('锁屏') })
      .click();
    await expect(page).toHaveURL(/\/lock$/);
    await page.getByRole('button', { name: '退出登录，重新登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page);
    await expect(page).toHaveURL(/\/wel\/index$/);
    expect(await page.evaluate(() => sessionStorage.getItem('saber-isLock'))).not.toContain('true');
  });

  test('locks by itself after the idle time once a lock password is set', async ({ page }) => {
    // the per-browser override of the idle time: 0.05 minutes = 3 s
    await page.evaluate(() => localStorage.setItem('saber-idleLockMinutes', JSON.stringify({ dataType: 'number', content: 0.05, datetime: Date.now() })));
    await page.reload();
    // without a lock password nothing locks
    await page.waitForTimeout(4500);
    await expect(page).toHaveURL(/\/wel\/index$/);

    await userMenu(page, '锁屏');
    await page.getByRole('dialog').getByLabel('锁屏密码').fill('idle1234');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('锁屏') })
      .click();
    await expect(page).toHaveURL(/\/lock$/);
    await page.getByLabel('锁屏密码').fill('idle1234');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/wel\/index$/);

    // now idle: it locks again without being asked
    await expect(page).toHaveURL(/\/lock$/, { timeout: 10_000 });
  });
});
