import { expect, test } from '@playwright/test';
import { login, logout, openParamPage, shownPage, tab } from './support/shell';
import { FIXTURE_ORIGIN, MAIN_PORT, baseUrl } from './support/servers';
import { openTopMenu, restoreSubApp, setShellOverride, shot, subApp, updateSubApp, type RegistryEntry } from './support/micro-apps';

/*
 * Sub-apps that cannot be shown: a host that does not answer, a host that
 * answers the shell's own page, a page that never comes (the 120 s chunk
 * timeout, shortened here), an app that is not deployed, a path no app is
 * registered for (MODULE_NOT_FOUND). Each stays inside its tab; the rest of
 * the shell keeps working. Registry entries are changed through the API as an
 * administrator would, and put back after each test.
 */
const base = baseUrl(MAIN_PORT);

test.describe('micro-frontend host: failures', () => {
  const changed: RegistryEntry[] = [];

  test.afterEach(async () => {
    while (changed.length) await restoreSubApp(base, changed.pop()!);
  });

  test('a host that does not answer shows the error panel with 重试 in its tab; other tabs work; retry loads it once fixed', async ({ page }) => {
    changed.push(await updateSubApp(base, 'publish', { host: 'http://127.0.0.1:9/nothing/' }));
    await login(page);
    await openTopMenu(page, '版本管理');
    await expect(page).toHaveURL(/\/publish\/projectInfo$/);
    const publish = subApp(page, 'publish');
    const panel = publish.locator('.wb-microapp-error');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText('版本管理加载失败');
    await expect(panel.getByRole('button', { name: /重\s?试/ })).toBeVisible();
    await shot(page, 'error-panel');

    // the rest of the shell: a shell page and another sub-app
    await openParamPage(page);
    await expect(shownPage(page).locator('.ant-pro-table')).toBeVisible();
    await openTopMenu(page, '主数据');
    await expect(subApp(page, 'coredata').locator('.coredata-overview')).toBeVisible({ timeout: 30_000 });
    await expect(publish).toBeHidden();

    // the administrator fixes the address; 重试 reads the registry again and loads the app
    await updateSubApp(base, 'publish', { host: '/subapps/vue-fixture/' });
    await tab(page, '版本管理首页').click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: /重\s?试/ }).click();
    await expect(publish.locator('.vue-fixture')).toBeVisible({ timeout: 30_000 });
    await expect(publish.locator('.wb-microapp-error')).toHaveCount(0);
  });

  test('an entry that failed is not preloaded again at the next login; the panel names the address; 重试 tries it again', async ({ page }) => {
    const entry = `${FIXTURE_ORIGIN}/missing-app/`;
    changed.push(await updateSubApp(base, 'config', { host: entry }));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(entry)) asked.push(r.url());
    });
    await login(page);
    // the preload asks once and fails (404); opening the app says which address failed
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(1);
    await openTopMenu(page, '后台配置');
    const panel = subApp(page, 'config').locator('.wb-microapp-error');
    await expect(panel).toContainText(`HTTP 404 for ${entry}`, { timeout: 30_000 });

    await logout(page);
    asked.length = 0;
    await login(page);
    await openParamPage(page);
    // the next session's preload leaves it alone (the other apps were preloaded meanwhile)
    await expect(page.locator('.wb-microapp--hidden[data-app="coredata"]')).toBeAttached({ timeout: 30_000 });
    await page.waitForTimeout(3000);
    expect(asked).toEqual([]);

    await openTopMenu(page, '后台配置');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const before = asked.length;
    await panel.getByRole('button', { name: /重\s?试/ }).click();
    await expect.poll(() => asked.length).toBeGreaterThan(before);
  });

  test("a host that answers the shell's own page (a history fallback) is not taken for the app", async ({ page }) => {
    changed.push(await updateSubApp(base, 'config', { host: '/subapps/nothing-here/' }));
    await login(page);
    await page.goto('/config');
    const panel = subApp(page, 'config').locator('.wb-microapp-error');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText("answers the shell's own page");
    // no second shell ran inside the sandbox
    await expect(page.locator('.wb-header')).toHaveCount(1);
  });

  test('a page that never comes fails after the load timeout', async ({ page }) => {
    changed.push(await updateSubApp(base, 'emergency-support', { host: '/hanging-app/' }));
    await page.route('**/hanging-app/**', () => undefined);
    await login(page);
    await setShellOverride(page, 'subAppLoadTimeoutMs', 2000);
    await page.goto('/emergency-support');
    const panel = subApp(page, 'emergency-support').locator('.wb-microapp-error');
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText('no mount within 2 s');
  });

  test("an app that is not deployed (host '') says so, naming it", async ({ page }) => {
    await login(page);
    await openTopMenu(page, '运营工作台');
    await expect(page).toHaveURL(/\/work\/core\/project$/);
    await expect(page.locator('.wb-microapp-not-deployed')).toContainText('运营工作台尚未部署');
    await expect(subApp(page, 'work')).toHaveCount(0);
    await expect(page.locator('.wb-microapp:not(.wb-microapp--hidden)')).toHaveCount(0);
  });

  test('a path no sub-app is registered for is MODULE_NOT_FOUND, also in the error log', async ({ page }) => {
    changed.push(await updateSubApp(base, 'vaas', { prefix: '/vaas-moved' }));
    await login(page);
    await page.goto('/vaas/dashboards');
    await expect(page.locator('.wb-microapp-not-found')).toContainText('MODULE_NOT_FOUND');
    const log = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-errorLog') ?? 'null')?.content as { message: string }[] | undefined);
    expect(log?.some((entry) => entry.message.includes('MODULE_NOT_FOUND'))).toBe(true);
  });
});
