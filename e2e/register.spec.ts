import { expect, test } from '@playwright/test';
import { CAPTCHA_CODE, CAPTCHA_PORT, baseUrl } from './support/servers';
import { approvePendingGuests, fixedCaptcha, unique } from './support/api';
import { buttonName, message, loginFailure } from './support/shell';

// Tenant mode is on here, so the registration asks for the tenant; every captcha answers CAPTCHA_CODE.
const base = baseUrl(CAPTCHA_PORT);
test.use({ baseURL: base });

test('registration: the messages, a refusal from the server, the request submitted, no login until approved', async ({ page }) => {
  const account = unique('guest');
  await page.goto('/login');
  await page.getByRole('button', { name: '账号注册' }).click();
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: buttonName('提交') });

  await submit.click();
  await expect(dialog.getByText('请先输入租户编号')).toBeVisible();
  await expect(dialog.getByText('请先输入账号名称')).toBeVisible();
  await expect(dialog.getByText('请先输入密码')).toHaveCount(2);
  // captcha mode: the registration asks for the picture code like the login
  await expect(dialog.getByText('请输入验证码')).toBeVisible();
  const code = dialog.getByLabel('验证码');

  await dialog.getByLabel('租户编号').fill('000000');
  await dialog.getByLabel('姓名').fill('访客甲');
  await dialog.getByLabel('账号').fill('admin');
  await dialog.getByLabel('密码', { exact: true }).fill('guest1234');
  await dialog.getByLabel('确认密码').fill('guest12345');
  await submit.click();
  await expect(dialog.getByText('两次密码输入不一致')).toBeVisible();

  // the server refuses a wrong picture code with its own message (and a fresh picture code is needed after it)
  await dialog.getByLabel('确认密码').fill('guest1234');
  await code.fill('wrong');
  const freshCaptcha = page.waitForResponse((r) => r.url().includes('/oauth/captcha'));
  await submit.click();
  await expect(message(page, '验证码不正确')).toBeVisible();
  await freshCaptcha;
  await expect(dialog).toBeVisible();

  // a taken account ('admin') is answered like a free one: nobody learns which accounts exist
  await code.fill(CAPTCHA_CODE);
  await submit.click();
  await expect(message(page, '注册申请已提交,请耐心等待管理员通过!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the dialog opens empty again: the real request
  await page.getByRole('button', { name: '账号注册' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('租户编号').fill('000000');
  await dialog.getByLabel('姓名').fill('访客甲');
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码', { exact: true }).fill('guest1234');
  await dialog.getByLabel('确认密码').fill('guest1234');
  await code.fill(CAPTCHA_CODE);
  await submit.click();
  await expect(message(page, '注册申请已提交,请耐心等待管理员通过!').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // waiting for approval: the login is refused with the server's reason
  const loginWith = async () => {
    await page.locator('#login_username').fill(account);
    await page.locator('#login_password').fill('guest1234');
    await page.locator('#login_code').fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: buttonName('登录') }).click();
  };
  await loginWith();
  await expect(loginFailure(page, '账号正在等待管理员审核')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await approvePendingGuests(base, '000000', await fixedCaptcha(base, CAPTCHA_CODE));
  await loginWith();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.wb-user')).toContainText('访客甲');
});
