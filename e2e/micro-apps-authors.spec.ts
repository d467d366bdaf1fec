import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/api';
import { FIXTURE_ORIGIN } from './support/servers';
import { buttonName, confirmDialog, login, message, tab } from './support/shell';
import { openTopMenu, pickProject, shot, subApp } from './support/micro-apps';

/*
 * Sub-apps as other teams build them for wujie (apps/subapps/vue2-fixture: Vue 2, webpack,
 * hash router, relative public path; apps/subapps/react17-fixture: React 17, Vite, browser
 * router under /react17), deployed on an origin of their own (support/fixture-origin.ts),
 * registered and given menus on 子应用管理, then opened the ways users open pages: a menu,
 * a deep link at a three-segment route, a reload, a tab, back and forward. The apps change
 * nothing for the shell: the Vue app follows wujie's `vue2-router-change` and sends
 * `sub-route-change`; the React app listens to no route event at all.
 */

const VUE2 = { serviceName: 'vue2', name: '积分工单V2', prefix: '/vue2', host: `${FIXTURE_ORIGIN}/vue2/`, defaultPath: 'accumulated/manager/credits' };
const REACT17 = { serviceName: 'react17', name: '工单派单R17', prefix: '/react17', host: `${FIXTURE_ORIGIN}/react17`, defaultPath: 'orders/list/today' };

const vue2 = (page: Page) => subApp(page, 'vue2');
const react17 = (page: Page) => subApp(page, 'react17');

/** Requests to the fixtures' origin that failed (a 404 of a script is the classic symptom). */
function fixtureFailures(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(FIXTURE_ORIGIN) && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // a navigation (a reload, goto) cancels what is in flight: ERR_ABORTED is the page leaving, not a failure
    const error = r.failure()?.errorText ?? '';
    if (r.url().startsWith(FIXTURE_ORIGIN) && !error.includes('ERR_ABORTED')) failed.push(`${error} ${r.url()}`);
  });
  return failed;
}

test.describe.configure({ mode: 'serial' });

test.describe('sub-apps as their authors build them', () => {
  test.beforeAll(async ({ baseURL }) => {
    // React 17 is registered through the same calls the page makes; Vue 2 through the page itself (first test).
    // A retry runs this again: what an earlier attempt registered is taken as it is, or removed.
    const admin = await signedIn(baseURL!);
    const registry = await admin<{ id: string; serviceName: string }[]>('GET', '/us-system/sub-app/registry');
    const earlier = registry.data.find((e) => e.serviceName === VUE2.serviceName);
    if (earlier) await admin('POST', `/us-system/sub-app/remove?ids=${earlier.id}`);
    let id = registry.data.find((e) => e.serviceName === REACT17.serviceName)?.id;
    if (!id) {
      const saved = await admin<{ id: string }>('POST', '/us-system/sub-app/submit', { ...REACT17, routerMode: 'history', alive: 0, sort: 90 });
      expect(saved.success, saved.msg).toBe(true);
      id = saved.data.id;
    }
    const menus = await admin('POST', `/us-system/sub-app/create-menus?id=${id}`);
    expect(menus.success, menus.msg).toBe(true);
  });

  test('子应用管理 registers an app, 测试加载 reports what it found, 生成菜单 gives it a menu that opens it at its three-segment start page', async ({ page }) => {
    const failed = fixtureFailures(page);
    await login(page);
    await page.goto('/system/subapp');
    await page.getByRole('button', { name: buttonName('新增') }).click();
    const form = page.locator('.ant-modal').filter({ has: page.locator('form#subapp-form') });
    await form.getByLabel('名称').fill(VUE2.name);
    await form.getByLabel('服务名').fill(VUE2.serviceName);
    await form.getByLabel('挂载前缀').fill(VUE2.prefix);
    await form.getByLabel('应用地址').fill(VUE2.host);
    await form.getByLabel('默认路径').fill(VUE2.defaultPath);
    // 路由模式 stays 自动识别: the shell finds out at the first mount
    await form.getByRole('button', { name: buttonName('确定') }).click();
    await expect(message(page, '新增成功')).toBeVisible();

    const row = page.locator('.ant-table-row').filter({ hasText: VUE2.name });
    await row.getByText('测试加载').click();
    const report = page.getByTestId('action-report');
    await expect(report).toHaveAttribute('data-ok', 'true');
    await expect(page.locator('.ant-modal-confirm-title')).toContainText('加载正常: 脚本 2 个');
    await expect(report.locator('li').filter({ hasText: '无界生命周期' })).toHaveAttribute('data-ok', 'true');
    await expect(report.locator('li').filter({ hasText: '跨域读取 (CORS)' })).toHaveAttribute('data-ok', 'true');
    await shot(page, 'subapp-test-load');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: buttonName('知道了') })
      .click();

    await row.getByText('生成菜单').click();
    await confirmDialog(page)
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(message(page, '菜单已生成，重新加载菜单后可见')).toBeVisible();

    // this shell reads its menus again at once: the new top menu is there without a reload
    await openTopMenu(page, VUE2.name);
    await expect(page).toHaveURL(/\/vue2\/accumulated\/manager\/credits$/);
    await expect(vue2(page).locator('.vue2-credits')).toBeVisible({ timeout: 30_000 });
    await expect(vue2(page).locator('.vue2-route')).toHaveText('/accumulated/manager/credits');
    await shot(page, 'subapp-vue2-credits');
    expect(failed).toEqual([]);
  });

  test('deep links land on the route for a hash router and a browser router, and a reload keeps it', async ({ page }) => {
    const failed = fixtureFailures(page);
    await login(page);
    await page.goto('/vue2/dialog');
    await expect(vue2(page).locator('.vue2-dialog')).toBeVisible({ timeout: 30_000 });
    await expect(vue2(page).locator('.vue2-route')).toHaveText('/dialog');
    await page.reload();
    await expect(vue2(page).locator('.vue2-dialog')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/vue2\/dialog$/);

    await page.goto('/react17/orders/list/today?page=2');
    await expect(react17(page).locator('.react17-today')).toBeVisible({ timeout: 30_000 });
    await expect(react17(page).locator('.react17-route')).toHaveText('/orders/list/today?page=2');
    await page.reload();
    await expect(react17(page).locator('.react17-route')).toHaveText('/orders/list/today?page=2', { timeout: 30_000 });
    await shot(page, 'subapp-react17-deep-link');
    expect(failed).toEqual([]);
  });

  test("the shell's address follows the app's own links; its tab, back and forward bring the route back, for a kept-alive and a rebuilt app", async ({ page }) => {
    await login(page);
    await openTopMenu(page, VUE2.name);
    await expect(vue2(page).locator('.vue2-credits')).toBeVisible({ timeout: 30_000 });
    // a link inside the app: the shell's address follows (replaced, so back is the app's own step)
    await vue2(page).locator('.vue2-link').filter({ hasText: 'dialog' }).click();
    await expect(vue2(page).locator('.vue2-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/vue2\/dialog$/);

    await openTopMenu(page, REACT17.name);
    await expect(react17(page).locator('.react17-today')).toBeVisible({ timeout: 30_000 });
    await react17(page).locator('.react17-link').filter({ hasText: 'about' }).click();
    await expect(react17(page).locator('.react17-about')).toBeVisible();
    await expect(page).toHaveURL(/\/react17\/about$/);

    // back to the Vue app's tab (kept alive): the route it was left on
    await tab(page, `${VUE2.name}首页`).click();
    await expect(page).toHaveURL(/\/vue2\/dialog$/);
    await expect(vue2(page).locator('.vue2-dialog')).toBeVisible();
    // and to the React app's (alive off: mounted again, at the route it was left on)
    await tab(page, `${REACT17.name}首页`).click();
    await expect(page).toHaveURL(/\/react17\/about$/);
    await expect(react17(page).locator('.react17-about')).toBeVisible({ timeout: 30_000 });

    // the browser's back button walks the app's history, and the shell's address follows
    await page.goBack();
    await expect(page).toHaveURL(/\/vue2\/dialog$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/react17\/about$/);
    await expect(react17(page).locator('.react17-about')).toBeVisible({ timeout: 30_000 });
  });

  test("project changes reach both apps, and each opens a shell page with its own author's means (props.jump, routerChange)", async ({ page }) => {
    await login(page);
    await page.goto('/vue2/dialog');
    await expect(vue2(page).locator('.vue2-dialog')).toBeVisible({ timeout: 30_000 });
    await pickProject(page, '琶洲互联网区');
    await expect(vue2(page).locator('.vue2-project')).toHaveText('琶洲互联网区');
    await vue2(page).locator('.vue2-jump').click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '参数管理')).toBeVisible();

    await page.goto('/react17');
    await expect(react17(page).locator('.react17-home')).toBeVisible({ timeout: 30_000 });
    await pickProject(page, '全部(广州)');
    await expect(react17(page).locator('.react17-project')).toHaveText('全部(广州)');
    await react17(page).locator('.react17-router-change').click();
    await expect(page).toHaveURL(/\/system\/param$/);
  });
});
