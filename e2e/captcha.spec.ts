import { expect, test } from '@playwright/test';
import { CAPTCHA_CODE, CAPTCHA_PORT, baseUrl } from './support/servers';
import { buttonName, fillLogin, loginFailure, tab } from './support/shell';

// This server runs with tenant mode, the captcha on and CAPTCHA_FIXED_CODE, so the test knows the answer.
test.use({ baseURL: baseUrl(CAPTCHA_PORT) });

test('login with the captcha on: a wrong code is refused, the right one logs in', async ({ page }) => {
  await page.goto('/login');
  // Tenant mode shows the tenant field, filled with the default tenant.
  await expect(page.locator('#login_tenantId')).toHaveValue('000000');
  const picture = page.locator('.login-captcha__image img');
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /^data:image\//);

  await fillLogin(page);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page.getByText('请输入验证码')).toBeVisible();

  const firstPicture = await picture.getAttribute('src');
  await page.locator('#login_code').fill('0000');
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(loginFailure(page, '验证码不正确')).toBeVisible();
  // A refused code fetches a new captcha and clears the field.
  await expect(page.locator('#login_code')).toHaveValue('');
  await expect.poll(() => picture.getAttribute('src')).not.toBe(firstPicture);

  await page.locator('#login_code').fill(CAPTCHA_CODE);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(tab(page, '工作台')).toBeVisible();
});
