import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/api';
import { openTopMenu } from './support/micro-apps';
import { formDialog, openAdminPage, pickOption, row, selectOf, submit } from './support/organisation';
import { CAPTCHA_CODE, CAPTCHA_PORT, baseUrl, MAIN_PORT } from './support/servers';
import { ADMIN, buttonName, fillLogin, login, message, loginFailure } from './support/shell';

/**
 * The platform administrator's tenants and clients: a tenant on a package whose administrator sees
 * only the package's menus and is refused once the licence expires; a client whose secret is shown
 * once and stops working when reset.
 */
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;

async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR ?? `${test.info().project.outputDir}/screens`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Logs in on the tenant-mode server (its captcha always answers CAPTCHA_CODE). */
async function loginTenant(page: Page, tenantId: string, account: string, password: string) {
  await page.goto('/login');
  await page.locator('#login_tenantId').fill(tenantId);
  await fillLogin(page, account, password);
  await page.locator('#login_code').fill(CAPTCHA_CODE);
  await page.getByRole('button', { name: buttonName('登录') }).click();
}

test.describe('tenants', () => {
  test.use({ baseURL: baseUrl(CAPTCHA_PORT) });

  test('a tenant on a package: its administrator sees only the package’s menus; expired, the login is refused', async ({ page, browser }) => {
    const s = suffix();
    const base = baseUrl(CAPTCHA_PORT);
    const admin = await signedIn(base, ADMIN.account, ADMIN.password, ADMIN.tenantId, await captchaFor(base));
    const flat = (list: { code: string; id: string; children?: unknown[] }[]): { code: string; id: string }[] => list.flatMap((n) => [n, ...flat((n.children ?? []) as typeof list)]);
    const menus = flat((await admin<{ code: string; id: string }[]>('GET', '/us-system/menu/buttons')).data);
    const ids = (codes: string[]) => codes.map((c) => menus.find((m) => m.code === c)!.id).join(',');
    const pkg = await admin('POST', '/us-system/tenant-package/submit', { packageName: `参数版${s}`, menuId: ids(['param', 'param_view', 'post', 'post_view']) });
    expect(pkg.success).toBe(true);

    // the tenant is added on the tenant page, its package picked in the form
    await loginTenant(page, ADMIN.tenantId, ADMIN.account, ADMIN.password);
    await expect(page).toHaveURL(/\/wel\/index$/);
    await openAdminPage(page, '系统管理', '租户管理', '/system/tenant');
    await page.getByRole('button', { name: buttonName('新增') }).click();
    const dialog = formDialog(page, 'tenant');
    await dialog.locator('#tenant-form_tenantName').fill(`新城物业${s}`);
    await dialog.locator('#tenant-form_linkman').fill('王经理');
    await pickOption(page, selectOf(dialog, 'tenant-form_packageId'), `参数版${s}`);
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    const created = row(page, `新城物业${s}`);
    await expect(created).toBeVisible();
    await snap(page, 'tenant-page');
    const tenantId = (await created.locator('td').nth(1).innerText()).trim();
    expect(tenantId).toMatch(/^\d{6}$/);

    // its administrator: the package's menus and nothing else
    const theirs = await browser.newContext({ baseURL: base });
    const tenantAdmin = await theirs.newPage();
    await loginTenant(tenantAdmin, tenantId, 'admin', 'Admin1234');
    await expect(tenantAdmin).toHaveURL(/\/wel\/index$/);
    await openTopMenu(tenantAdmin, '系统管理');
    const side = tenantAdmin.locator('.wb-side-menu');
    await expect(side.locator('.ant-menu-item')).toHaveText(['岗位管理', '参数管理']);
    await snap(tenantAdmin, 'tenant-admin-menus');
    await theirs.close();

    // expired: the login is refused with the family's message
    const tenants = await admin<{ records: { id: string }[] }>('GET', `/us-system/tenant/list?tenantId=${tenantId}`);
    const expired = await admin('POST', `/us-system/tenant/setting?ids=${tenants.data.records[0].id}`, { expireTime: '2020-01-01 00:00:00' });
    expect(expired.success).toBe(true);
    const later = await browser.newContext({ baseURL: base });
    const again = await later.newPage();
    await loginTenant(again, tenantId, 'admin', 'Admin1234');
    await expect(loginFailure(again, '租户授权已过期,请联系管理员')).toBeVisible();
    await expect(again).toHaveURL(/\/login$/);
    await later.close();
  });
});

/** A captcha answered with the server's fixed code. */
async function captchaFor(base: string) {
  const res = (await (await fetch(`${base}/us-auth/oauth/captcha`)).json()) as { key: string };
  return { key: res.key, code: CAPTCHA_CODE };
}

test('a client’s secret is shown once; after a reset the old one stops working', async ({ page, request }) => {
  const s = suffix();
  const base = baseUrl(MAIN_PORT);
  const token = (id: string, secret: string) =>
    request.post(`${base}/us-auth/oauth/token?tenantId=000000&username=admin&password=admin123&grant_type=password&scope=all`, {
      headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    });
  await login(page);
  await openAdminPage(page, '系统管理', '应用管理', '/system/client');
  await page.getByRole('button', { name: buttonName('新增') }).click();
  const dialog = formDialog(page, 'client');
  await dialog.locator('#client-form_clientId').fill(`ops_${s}`);
  await submit(dialog);
  const shown = page.getByTestId('reveal-once');
  await expect(shown).toContainText('关闭后将无法再次查看');
  const secret = (await shown.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await snap(page, 'client-secret-once');
  await page.locator('.ant-modal-confirm').getByRole('button').last().click();
  expect((await token(`ops_${s}`, secret)).status()).toBe(200);

  await row(page, `ops_${s}`).getByText('重置密钥', { exact: true }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  const fresh = (await page.getByTestId('reveal-once').locator('code').innerText()).trim();
  expect(fresh).not.toBe(secret);
  expect((await token(`ops_${s}`, secret)).status()).toBe(401);
  expect((await token(`ops_${s}`, fresh)).status()).toBe(200);
});
