import { expect, test } from '@playwright/test';
import { CAPTCHA_CODE, CAPTCHA_PORT, baseUrl } from './support/servers';
import { fixedCaptcha, latestSms, signedIn, tokenFor } from './support/api';
import { buttonName, message } from './support/shell';

// Tenant mode and a fixed captcha answer (CAPTCHA_CODE) on this server; SMS go to its outbox.
const base = baseUrl(CAPTCHA_PORT);
test.use({ baseURL: base });

const PHONE = '13700000001';
const NEW_PASSWORD = 'found1234';

test('password retrieval: account and picture code, the bound phone, the SMS code from the outbox, a new password', async ({ page }) => {
  const captcha = () => fixedCaptcha(base, CAPTCHA_CODE);
  // the account 'user' gets a phone to receive the code
  const user = await signedIn(base, 'user', 'admin123', '000000', await captcha());
  expect((await user('POST', '/us-user/update-info', { phone: PHONE })).success).toBe(true);

  try {
    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle('找回密码 - 运营工作台');

    await page.getByLabel('租户ID').fill('000000');
    await page.getByLabel('账号').fill('user');
    await page.getByLabel('图形验证码').fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: buttonName('下一步') }).click();
    await expect(page.getByText('账号绑定的手机：137****0001')).toBeVisible();

    // a phone of another user is refused; the picture code was used, so a new one is asked for
    await page.getByLabel('手机号码').fill('13700000009');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(message(page, '手机号码与账号不匹配')).toBeVisible();
    await page.getByLabel('图形验证码').fill(CAPTCHA_CODE);

    await page.getByLabel('手机号码').fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(message(page, '验证码已发送')).toBeVisible();
    await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();

    const sms = await latestSms(base, PHONE, '000000', await captcha());
    const code = /验证码 (\d{6})/.exec(sms)![1];
    await page.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: buttonName('下一步') }).click();
    await expect(message(page, '验证码错误或已失效')).toBeVisible();
    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: buttonName('下一步') }).click();

    await page.getByLabel('新密码', { exact: true }).fill('short1');
    await page.getByLabel('确认新密码').fill('short1');
    await page.getByRole('button', { name: buttonName('完成') }).click();
    await expect(message(page, '新密码格式不正确')).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: buttonName('完成') }).click();
    await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();

    await page.getByRole('button', { name: buttonName('返回登录') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.locator('#login_username').fill('user');
    await page.locator('#login_password').fill(NEW_PASSWORD);
    await page.locator('#login_code').fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
  } finally {
    const token = await tokenFor(base, 'user', NEW_PASSWORD, '000000', await captcha());
    if (token.access_token) {
      const back = await signedIn(base, 'user', NEW_PASSWORD, '000000', await captcha());
      await back('POST', '/us-user/update-password', { oldPassword: NEW_PASSWORD, newPassword: 'admin123', newPassword1: 'admin123' });
    }
  }
});
