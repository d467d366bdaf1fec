import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { MAIN_PORT, baseUrl } from './support/servers';
import { approvePendingGuests, unique } from './support/api';
import { startFakeProvider } from './support/fake-provider';
import { buttonName, message, loginFailure } from './support/shell';

// The main server knows this provider as 'gitee' (support/servers.ts SOCIAL_PROVIDERS).
let provider: Server;
// a new identity each run, so that a second run against the same server starts unknown again
const login = unique('octo');

test.beforeAll(async () => {
  provider = await startFakeProvider({ id: Date.now(), login, name: 'Octo Cat', avatar_url: 'https://avatars.example.com/octo.png' });
});
test.afterAll(() => new Promise<void>((done) => provider.close(() => done())));

test('third-party login: an unknown identity registers, waits for approval, then logs in', async ({ page }) => {
  await page.goto('/login');
  const gitee = page.getByRole('button', { name: 'Gitee' });
  await expect(page.getByText('其他登录方式')).toBeVisible();

  // to the provider (through GET /us-auth/oauth/render/gitee) and straight back with a code
  await gitee.click();
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('已获取第三方账号信息，注册并经管理员审核后即可用它登录')).toBeVisible();
  // the code is single use: it left the address at once
  await expect(page).toHaveURL(/\/login$/);
  // no tenant field: tenant mode is off on this server
  await expect(dialog.getByLabel('租户编号')).toHaveCount(0);

  await dialog.getByLabel('账号').fill(login);
  await dialog.getByLabel('密码', { exact: true }).fill('octo12345');
  await dialog.getByLabel('确认密码').fill('octo12345');
  await dialog.getByRole('button', { name: buttonName('提交') }).click();
  await expect(message(page, '注册申请已提交,请耐心等待管理员通过!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the identity is bound now, but the account waits for an administrator
  await gitee.click();
  await expect(loginFailure(page, '账号正在等待管理员审核')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await approvePendingGuests(baseUrl(MAIN_PORT));
  await page.getByRole('button', { name: 'Gitee' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.wb-user')).toContainText(login);
});
