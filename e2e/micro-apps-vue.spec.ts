import { expect, test } from '@playwright/test';
import { login, pickerValue, shownPage } from './support/shell';
import { MAIN_PORT, baseUrl } from './support/servers';
import { openTopMenu, pickProject, restoreSubApp, shot, subApp, updateSubApp, type RegistryEntry } from './support/micro-apps';

/*
 * Framework independence: the Vue 3 fixture (apps/subapps/vue-fixture, built
 * on its own, served at /subapps/vue-fixture/) mounted through a registry
 * entry an administrator points at it, and talking both ways.
 */
const base = baseUrl(MAIN_PORT);

test.describe('micro-frontend host: a Vue 3 sub-app', () => {
  let previous: RegistryEntry | undefined;

  test.beforeAll(async () => {
    previous = await updateSubApp(base, 'order-accumulation', { host: '/subapps/vue-fixture/' });
  });
  test.afterAll(async () => {
    if (previous) await restoreSubApp(base, previous);
  });

  test('mounts, shows its props, follows project-change and data-refresh, sends routerChange and export-state', async ({ page }) => {
    await login(page);
    await openTopMenu(page, '积分工单');
    await expect(page).toHaveURL(/\/order-accumulation\/accumulatedWorkOrder\/accumulatedManager\/timeCreditsSetting$/);
    const app = subApp(page, 'order-accumulation');
    await expect(app.locator('.vue-fixture-mode')).toHaveText('mounted by the shell', { timeout: 30_000 });
    await expect(app.locator('.vf-tenant')).toHaveText('000000');
    await expect(app.locator('.vf-user')).toHaveText('admin');
    await expect(app.locator('.vf-locale')).toHaveText('zh');
    await expect(app.locator('.vf-token')).toHaveText('present');
    await expect(app.locator('.vf-project')).toHaveText(await pickerValue(page).innerText());
    await shot(page, 'vue-fixture-in-shell');

    await pickProject(page, '全部(广州)');
    await expect(app.locator('.vf-project')).toHaveText('全部(广州)');
    await expect(app.locator('.vf-changes li').first()).toHaveText('全部(广州)');
    await expect.poll(() => app.locator('.vf-project-ids li').count()).toBeGreaterThan(1);
    await expect(app.locator('.vf-refreshes')).toHaveText('1');

    await app.locator('.vf-export-processing').click();
    await expect(page.locator('.wb-export-indicator')).toHaveAttribute('data-state', 'processing');
    await app.locator('.vf-export-success').click();
    await expect(page.locator('.wb-export-indicator__dot')).toBeVisible();

    await app.locator('.vf-open-param').click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(shownPage(page).locator('.ant-pro-table')).toBeVisible();
    await expect(app).toBeHidden();
  });
});
