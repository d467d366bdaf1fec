import { expect, test } from '@playwright/test';
import { baseUrl, MAIN_PORT } from './support/servers';
import { signedIn, pngBytes, tokenFor } from './support/api';
import { buttonName, login, loginAs, loginNotice, message, storedValue, userMenu } from './support/shell';

const base = baseUrl(MAIN_PORT);

test.describe('own account', () => {
  test('change password: Done waits for all three fields, the rules in order, the server’s refusal, then success logs out', async ({ page }) => {
    const account = 'user';
    const next = 'newpass88';
    try {
      await loginAs(page, account, 'admin123');
      await userMenu(page, '修改密码');
      const dialog = page.getByRole('dialog', { name: '修改密码' });
      const done = dialog.getByRole('button', { name: buttonName('确定') });
      const fill = async (old: string, fresh: string, repeat: string) => {
        await dialog.getByLabel('原密码').fill(old);
        await dialog.getByLabel('新密码', { exact: true }).fill(fresh);
        await dialog.getByLabel('确认新密码').fill(repeat);
      };

      await expect(done).toBeDisabled();
      await dialog.getByLabel('原密码').fill('admin123');
      await dialog.getByLabel('新密码', { exact: true }).fill('abc');
      await expect(done).toBeDisabled();

      const cases: [string, string, string, string][] = [
        ['admin123', 'short1', 'short1', '新密码格式不正确'],
        ['admin123', 'abcd1234', 'abcdefgh', '再次输入新密码格式不正确'],
        ['admin123', 'abcd1234', 'abcd12345', '两次新密码不一致'],
        ['admin123', 'admin123', 'admin123', '新密码不能与旧密码一致'],
        ['wrong999', next, next, '原密码不正确'],
      ];
      for (const [old, fresh, repeat, text] of cases) {
        await fill(old, fresh, repeat);
        await expect(done).toBeEnabled();
        await done.click();
        if (text === '原密码不正确') {
          // the server's refusal is its message
          await expect(message(page, text)).toBeVisible();
          await expect(message(page, text)).toBeHidden({ timeout: 8000 });
        } else {
          // a rule's, under the field it is about
          await expect(dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true })).toBeVisible();
        }
      }

      await fill('admin123', next, next);
      await done.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(loginNotice(page, '修改密码成功!')).toBeVisible();

      await loginAs(page, account, next);
      expect((await tokenFor(base, account, 'admin123')).error_description).toBe('用户名或密码错误');
    } finally {
      // put the password back for the other scenarios
      const token = await tokenFor(base, account, next);
      if (token.access_token) {
        const user = await signedIn(base, account, next);
        await user('POST', '/us-user/update-password', { oldPassword: next, newPassword: 'admin123', newPassword1: 'admin123' });
      }
    }
  });

  test('personal info: the phone messages, an avatar upload shown at once, saved and shown again', async ({ page }) => {
    await login(page);
    await userMenu(page, '个人信息');
    await expect(page).toHaveURL(/\/info\/index$/);
    await expect(page.locator('.wb-tabs').getByRole('tab', { name: '个人信息' })).toBeVisible();
    const form = page.locator('form#info');
    const phone = form.getByLabel('手机号码');
    await expect(phone).toHaveValue(/^1\d{10}$/);

    for (const [value, text] of [
      ['', '手机号码不能为空'],
      ['1380000', '手机号码长度不为11位'],
      ['02088886666', '手机号码格式不正确'],
    ]) {
      await phone.fill(value);
      await form.getByRole('button', { name: buttonName('保存') }).click();
      await expect(form.getByText(text)).toBeVisible();
    }
    await phone.fill('13912345678');

    // a GIF is refused before it is sent
    const chooser = form.locator('input[type=file]');
    await chooser.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a....') });
    await expect(message(page, '头像只能是 JPG 或 PNG 格式')).toBeVisible();
    await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: pngBytes(600 * 1024) });
    await expect(message(page, '头像大小不能超过 500KB')).toBeVisible();

    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() });
    const avatar = form.locator('.wb-avatar-field__image img');
    await expect(avatar).toHaveAttribute('src', /\/us-resource\/oss\/endpoint\/file\/[\w-]+\.png$/);
    // the browser really shows the stored file
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    await form.getByLabel('姓名').fill('王小明');
    await form.getByRole('button', { name: buttonName('保存') }).click();
    await expect(message(page, '更新成功')).toBeVisible();
    // the header follows the new name and avatar
    await expect(page.locator('.wb-user')).toContainText('王小明');
    await expect(page.locator('.wb-user img')).toHaveAttribute('src', /\/us-resource\/oss\/endpoint\/file\//);

    await page.reload();
    await expect(form.getByLabel('姓名')).toHaveValue('王小明');
    await expect(form.getByLabel('手机号码')).toHaveValue('13912345678');
    await expect(avatar).toHaveAttribute('src', /\/us-resource\/oss\/endpoint\/file\//);

    // the second tab changes the password with the same form as the dialog
    await page.getByRole('tab', { name: '修改密码' }).click();
    await expect(page.locator('form#password').getByRole('button', { name: buttonName('确定') })).toBeDisabled();

    // put the profile back
    const admin = await signedIn(base);
    await admin('POST', '/us-user/update-info', { realName: '管理员', phone: '13800000000', avatar: '' });
  });

  test('switch dept/role: both required, then a new token and back to the first page', async ({ page }) => {
    await login(page);
    await page.goto('/system/param');
    const before = await storedValue<string>(page, 'token');
    await userMenu(page, '切换部门/角色');
    const dialog = page.getByRole('dialog', { name: '切换部门/角色' });
    await expect(dialog.getByText('管理组')).toBeVisible();
    await expect(dialog.getByText('超级管理员')).toBeVisible();

    // cleared, both are asked for
    for (const label of ['部门', '角色']) {
      const field = dialog.locator('.ant-form-item').filter({ has: page.getByLabel(label) });
      await field.locator('.ant-select-selector').hover();
      await field.locator('.ant-select-clear').click();
    }
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    await expect(dialog.getByText('请选择部门')).toBeVisible();
    await expect(dialog.getByText('请选择角色')).toBeVisible();

    await dialog.getByLabel('部门').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('管理组').click();
    await dialog.getByLabel('角色').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('超级管理员').click();
    const refresh = page.waitForRequest((r) => r.url().includes('/us-auth/oauth/token') && (r.postData() ?? '').includes('grant_type=refresh_token'));
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    const request = await refresh;
    expect(request.headers()['dept-id']).toBeTruthy();
    expect(request.headers()['role-id']).toBeTruthy();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect.poll(() => storedValue<string>(page, 'token')).not.toBe(before);
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  });
});
