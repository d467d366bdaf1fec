import { expect as baseExpect, test } from '@playwright/test';
import { signedIn } from './support/api';
import { restoreSubApp, subApp, updateSubApp } from './support/micro-apps';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, loginAs, logout } from './support/shell';

/**
 * The pages outside the shell (/work/trajectoryPage, /work/trajectoryPerson,
 * /batchDialogFullScreen, /parking) lead somewhere (issue 31, point 3): the sub-app that provides
 * one is shown full screen once it has an address; until then an administrator is told what to
 * fill in and where, a plain user to ask an administrator. /parking signs in to the parking system.
 */
const base = baseUrl(MAIN_PORT);
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

test('an unconfigured provider: the administrator is sent to 子应用管理, the plain user to an administrator', async ({ page }) => {
  await login(page);
  await page.goto(`${base}/work/trajectoryPage`);
  const explained = page.locator('.wb-outside[data-page="trajectoryPage"]');
  await expect(explained).toContainText('轨迹回放');
  await expect(explained).toContainText('还没有配置访问地址');
  await expect(page.locator('.wb-header')).toHaveCount(0);
  await explained.getByRole('button', { name: buttonName('前往子应用管理') }).click();
  await expect(page).toHaveURL(/\/system\/subapp$/);
  await expect(page.locator('.wb-header')).toBeVisible();

  await logout(page);
  await loginAs(page, 'user', 'admin123');
  await page.goto(`${base}/batchDialogFullScreen`);
  const dispatch = page.locator('.wb-outside[data-page="dispatch"]');
  await expect(dispatch).toContainText('工单派单');
  await expect(dispatch).toContainText('此页面尚未接入，请联系管理员。');
  await expect(dispatch.getByRole('button', { name: buttonName('前往子应用管理') })).toHaveCount(0);
  await dispatch.getByRole('button', { name: buttonName('返回首页') }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('a provider with an address is shown full screen at the page, and goes when the page is left', async ({ page }) => {
  const before = await updateSubApp(base, 'work', { host: '/subapps/vue2-fixture/', routerMode: 'hash' });
  try {
    await login(page);
    await page.goto(`${base}/work/trajectoryPerson`);
    const app = subApp(page, 'work');
    await expect(app.locator('.vue2-fixture')).toBeVisible();
    await expect(app.locator('.vue2-route')).toHaveText('/trajectoryPerson');
    await expect(page.locator('.wb-header')).toHaveCount(0);
    // the whole window
    const box = await app.boundingBox();
    expect(box?.height).toBe(page.viewportSize()!.height);
    await page.screenshot({ path: test.info().outputPath('outside-app.png') });

    await page.goBack();
    await expect(page.locator('.wb-header')).toBeVisible();
    await expect(subApp(page, 'work')).toHaveCount(0);
  } finally {
    await restoreSubApp(base, before);
  }
});

test('/parking goes on to the parking system with a ticket; without its address the administrator is told which parameter', async ({ page }) => {
  const admin = await signedIn(base);
  const params = await admin<{ records: { id: string; paramKey: string; paramValue: string }[] }>('GET', '/us-system/param/list?paramKey=third.system.parking');
  const param = params.data.records.find((p) => p.paramKey === 'third.system.parking')!;
  // the parking system: a stand-in answering on its address
  await page.route('https://parking.example.com/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>停车系统</h1>' }));
  await login(page);
  await page.goto(`${base}/parking?parkCode=P01`);
  await expect(page).toHaveURL(/^https:\/\/parking\.example\.com\/sso\?.*ticket=[^&]+.*parkCode=P01/);
  await expect(page.getByRole('heading', { name: '停车系统' })).toBeVisible();

  await admin('POST', '/us-system/param/submit', { ...param, paramValue: 'not an address' });
  try {
    await page.goto(`${base}/parking`);
    const explained = page.locator('.wb-outside[data-page="parking"]');
    await expect(explained).toContainText('未能打开停车系统');
    await expect(explained).toContainText('third.system.parking');
    await explained.getByRole('button', { name: buttonName('前往参数管理') }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
  } finally {
    await admin('POST', '/us-system/param/submit', param);
  }
});
