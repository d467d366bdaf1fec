import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, message, openParamPage, shownPage, tab } from './support/shell';
import { MAIN_PORT, baseUrl } from './support/servers';
import { PROTOCOL_FIXTURE, openCoredata, openProtocolFixture, protocolButton, shot, subApp, useProtocolFixture } from './support/micro-apps';

/*
 * Sub-app → shell events (docs/subapp-protocol.md §3), sent by the buttons
 * of the protocol fixture's panel (the Vue 3 fixture, mounted through a
 * registry entry), and what the shell does with each; then the events the
 * product's own sub-app, coredata, sends and receives.
 */
async function send(app: Locator, label: string): Promise<void> {
  await protocolButton(app, label).click();
}

const sider = (page: Page) => page.locator('.wb-sider');

async function switchToEnglish(page: Page): Promise<void> {
  await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
}

/** The locale a mounted app reads from its props (wujie's sandbox iframe is named after the app). */
const propsLocale = (page: Page, serviceName: string) =>
  page.evaluate(
    (name) => (document.querySelector(`iframe[name="${name}"]`) as HTMLIFrameElement & { contentWindow: { $wujie: { props: { locale: string } } } }).contentWindow.$wujie.props.locale,
    serviceName,
  );
const indicator = (page: Page) => page.locator('.wb-export-indicator');

/** The right part of the header around the indicator, to look at. */
async function indicatorShot(page: Page, name: string): Promise<void> {
  const box = (await indicator(page).boundingBox())!;
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/${name}.png`, clip: { x: box.x - 120, y: 0, width: 240, height: 56 } });
}

const fixtureTab = (page: Page) => tab(page, PROTOCOL_FIXTURE.tab);

test.describe('micro-frontend host: events from a sub-app', () => {
  let app: Locator;
  useProtocolFixture(baseUrl(MAIN_PORT));

  test.beforeEach(async ({ page }) => {
    await login(page);
    app = await openProtocolFixture(page);
  });

  test('routerChange with a path or { path, query } opens that shell page and its top menu', async ({ page }) => {
    await send(app, 'routerChange "/system/param"');
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(tab(page, '参数管理')).toBeVisible();
    await expect(page.locator('.wb-top-menu .ant-menu-item-selected')).toHaveText('系统管理');

    await fixtureTab(page).click();
    await send(app, 'routerChange {"path":"/system/param","query":{"from":"fixture"}}');
    await expect(page).toHaveURL(/\/system\/param\?from=fixture$/);
    await expect(shownPage(page).locator('.ant-pro-table')).toBeVisible();
  });

  test('routerChange -1 moves back in history; anything else is answered with the warning', async ({ page }) => {
    await openParamPage(page);
    await page.locator('.wb-side-menu').getByRole('menuitem', { name: '部门管理' }).click();
    await expect(page).toHaveURL(/\/system\/dept$/);
    await fixtureTab(page).click();
    await expect(page).toHaveURL(PROTOCOL_FIXTURE.url);
    await send(app, 'routerChange -1');
    await expect(page).toHaveURL(/\/system\/dept$/);

    await fixtureTab(page).click();
    await send(app, 'routerChange {}');
    await expect(message(page, '请提供 base.routerChange 事件参数（please provide the base.routerChange event parameter）')).toBeVisible();
    await expect(page).toHaveURL(PROTOCOL_FIXTURE.url);
  });

  test('toggle-menu folds and unfolds the left menu', async ({ page }) => {
    await expect(sider(page)).not.toHaveClass(/ant-layout-sider-collapsed/);
    await send(app, 'toggle-menu');
    await expect(sider(page)).toHaveClass(/ant-layout-sider-collapsed/);
    await send(app, 'toggle-menu');
    await expect(sider(page)).not.toHaveClass(/ant-layout-sider-collapsed/);
  });

  test('full-screen hides header and sidebar; the container grows by the header', async ({ page }) => {
    await send(app, 'full-screen true');
    await expect(page.locator('.wb-header')).toHaveCount(0);
    await expect(sider(page)).toHaveCount(0);
    const height = await subApp(page, PROTOCOL_FIXTURE.serviceName).evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round(height)).toBe(800 - 60);
    await shot(page, 'fixture-full-screen');
    await send(app, 'full-screen false');
    await expect(page.locator('.wb-header')).toBeVisible();
    await expect(sider(page)).toBeVisible();
  });

  test('hide-project-filter and hide-sidebar hide those parts while the app is shown', async ({ page }) => {
    await send(app, 'hide-project-filter true');
    await expect(page.locator('.wb-project-picker')).toHaveCount(0);
    await send(app, 'hide-sidebar true');
    await expect(sider(page)).toHaveCount(0);

    // a shell page gets its chrome back; the app's wishes return with it
    await tab(page, '工作台').click();
    await expect(page.locator('.wb-project-picker')).toBeVisible();
    await fixtureTab(page).click();
    await expect(page.locator('.wb-project-picker')).toHaveCount(0);
    await expect(sider(page)).toHaveCount(0);

    await send(app, 'hide-project-filter false');
    await send(app, 'hide-sidebar false');
    await expect(page.locator('.wb-project-picker')).toBeVisible();
    await expect(sider(page)).toBeVisible();
  });

  test('export-state drives the indicator: spinner, green full circle, failure, default', async ({ page }) => {
    await expect(indicator(page)).toHaveAttribute('data-state', 'default');
    await send(app, 'export-state "processing"');
    await expect(indicator(page)).toHaveAttribute('data-state', 'processing');
    await expect(indicator(page).locator('.anticon-loading.anticon-spin')).toBeVisible();
    await indicatorShot(page, 'indicator-processing');

    await send(app, 'export-state "success"');
    const dot = indicator(page).locator('.wb-export-indicator__dot');
    await expect(dot).toBeVisible();
    expect(await dot.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderRadius])).toEqual(['rgb(82, 196, 26)', '50%']);
    await indicatorShot(page, 'indicator-success');

    await send(app, 'export-state "fail"');
    await expect(indicator(page)).toHaveAttribute('data-state', 'fail');
    await expect(indicator(page).locator('.anticon-close-circle')).toBeVisible();
    await indicatorShot(page, 'indicator-fail');

    await send(app, 'export-state "default"');
    await expect(indicator(page)).toHaveAttribute('data-state', 'default');
    await indicatorShot(page, 'indicator-default');
  });

  test('the shell tells its sub-apps about a language switch (locale-change); props read the new one', async ({ page }) => {
    await expect(app.locator('.protocol-locale')).toHaveText('zh');
    await switchToEnglish(page);
    await expect(app.locator('.protocol-locale')).toHaveText('en');
    await expect(app.locator('.protocol-log')).toContainText('locale-change "en"');
    expect(await propsLocale(page, PROTOCOL_FIXTURE.serviceName)).toBe('en');
  });

  test('logout (and routerChange /login) log out to the login page', async ({ page }) => {
    await send(app, 'logout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.wb-microapp')).toHaveCount(0);
    await expect(page.locator(`iframe[name="${PROTOCOL_FIXTURE.serviceName}"]`)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('saber-token'))).toBeNull();
  });
});

test.describe("micro-frontend host: coredata's own events", () => {
  let app: Locator;

  test.beforeEach(async ({ page }) => {
    await login(page);
    app = await openCoredata(page);
  });

  test("a real export in coredata's list shows the spinner, then the green circle once its job is done", async ({ page }) => {
    await page.locator('.wb-side-menu .ant-menu-submenu-title').filter({ hasText: '主数据' }).click();
    await page
      .locator('.wb-side-menu .ant-menu-item')
      .filter({ hasText: /^\s*公司管理\s*$/ })
      .click();
    await expect(app.locator('.ant-table-row').first()).toBeVisible();
    // hold the download centre's answers, to see the processing state while the job runs
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/us-resource/base/download/downloadList**', async (route) => {
      await held;
      await route.continue();
    });
    await app.getByRole('button', { name: /导\s?出/ }).click();
    await expect(indicator(page)).toHaveAttribute('data-state', 'processing');
    release();
    await expect(indicator(page)).toHaveAttribute('data-state', 'success');
  });

  test('coredata follows a language switch: its overview in English, its props read the new one', async ({ page }) => {
    await expect(app.locator('.coredata-overview')).toContainText('主数据概览');
    await switchToEnglish(page);
    await expect(app.locator('.coredata-overview')).toContainText('Master data overview');
    await expect(app.locator('.coredata-count-facility')).toContainText('Facilities');
    expect(await propsLocale(page, 'coredata')).toBe('en');
  });
});
