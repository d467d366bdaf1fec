import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buttonName, fillLogin, login, pickerDropdown, searchProject, tab } from './support/shell';

/**
 * The seeded 外部系统 top menu holds one entry per link type (seed-menus.ts).
 * Third-party hosts never leave the machine: the browser's requests to them are
 * answered here, and the retired and gray hosts are served by the local server.
 */
const THIRD_PARTY = /^https:\/\/(parking|report)\.example\.com\//;

async function answerThirdParties(context: BrowserContext): Promise<void> {
  await context.route(THIRD_PARTY, (route) => route.fulfill({ contentType: 'text/html', body: `<h1>${new URL(route.request().url()).pathname}</h1>` }));
}

/** The claims of a signed ticket, read without checking it (the server's tests check signatures). */
function ticketClaims(address: string): Record<string, unknown> {
  const ticket = new URL(address).searchParams.get('ticket') ?? '';
  const [, payload] = ticket.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** 外部系统 is the last top menu: on a laptop-wide header it sits behind the shell's '…'. */
async function openLinksMenu(page: Page): Promise<void> {
  const entry = page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: '外部系统' });
  // The overflow opens on hover once the menu has measured itself, and closes when the
  // pointer leaves it while it is still moving into place: hover and click again until it takes.
  await expect(async () => {
    await page.mouse.move(0, 400);
    await page
      .locator('.wb-top-menu .ant-menu-submenu')
      .filter({ has: page.locator('.anticon-ellipsis') })
      .hover({ timeout: 2000 });
    await entry.click({ timeout: 2000 });
    await expect(page.locator('.wb-side-menu')).toContainText('操作手册', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Serves `host` from the local server: same path, same method and body. */
const NOTICE_STREAM = '/us-system/notify/stream';

async function serveLocally(context: BrowserContext, host: RegExp, local: string, seen?: string[]): Promise<void> {
  await context.route(host, async (route) => {
    const url = new URL(route.request().url());
    seen?.push(url.origin + url.pathname);
    // the notice stream never ends, so a forwarded one would outlive the test: the shell polls instead
    if (url.pathname === NOTICE_STREAM) return route.abort();
    // a request still in flight when its test ends has no one to answer: let it go
    const response = await route.fetch({ url: `${local}${url.pathname}${url.search}` }).catch(() => undefined);
    if (!response) return route.abort().catch(() => undefined);
    const origin = route.request().headers().origin;
    await route.fulfill({
      response,
      headers: { ...response.headers(), ...(origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } : {}) },
    });
  });
}

test.describe('link menus', () => {
  test('single sign-on and report entries open the third-party system with a ticket for the user', async ({ page, context }) => {
    await answerThirdParties(context);
    await login(page);
    await openLinksMenu(page);
    const side = page.locator('.wb-side-menu');

    const parking = page.waitForEvent('popup');
    await side.getByRole('menuitem', { name: '智慧停车' }).click();
    const parkingPage = await parking;
    await expect.poll(() => parkingPage.url()).toMatch(/^https:\/\/parking\.example\.com\/sso\?/);
    expect(new URL(parkingPage.url()).searchParams.get('parkCode')).toBe('P01');
    expect(ticketClaims(parkingPage.url())).toMatchObject({ account: 'admin', tenant_id: '000000', client_id: 'parking' });
    await expect(parkingPage.getByRole('heading', { name: '/sso' })).toBeVisible();
    await parkingPage.close();

    const report = page.waitForEvent('popup');
    await side.getByRole('menuitem', { name: '报表中心' }).click();
    const reportPage = await report;
    await expect.poll(() => reportPage.url()).toMatch(/^https:\/\/report\.example\.com\/sso\?ticket=/);
    expect(ticketClaims(reportPage.url())).toMatchObject({ account: 'admin', client_id: 'report' });
    await reportPage.close();

    // neither opened a tab in the shell
    await expect(tab(page, '智慧停车')).toHaveCount(0);
    await expect(tab(page, '报表中心')).toHaveCount(0);
  });

  test('a link with ${account} embeds the address filled for the user; isOpen 2 opens a new window', async ({ page, context }) => {
    await answerThirdParties(context);
    await login(page);
    await openLinksMenu(page);
    const side = page.locator('.wb-side-menu');

    // the top menu opened its first entry that shows inside the shell, the manual, and marks it in the side menu
    await expect(page.locator('iframe.wb-iframe')).toHaveAttribute('src', 'https://report.example.com/manual?account=admin');
    await expect(side.locator('.ant-menu-item-selected')).toHaveText('操作手册');
    await expect(page.frameLocator('iframe.wb-iframe').getByRole('heading', { name: '/manual' })).toBeVisible();
    await expect(tab(page, '操作手册')).toBeVisible();

    const status = page.waitForEvent('popup');
    await side.getByRole('menuitem', { name: '运行状态' }).click();
    const statusPage = await status;
    await expect.poll(() => statusPage.url()).toBe('https://report.example.com/status');
  });

  test('the header shows the logo of the current project, else the product logo', async ({ page }) => {
    await login(page);
    // the first city's first project, 深圳湾科技园, has a logo
    await expect(page.locator('.wb-logo img.wb-logo__image')).toHaveAttribute('alt', '深圳湾科技园');
    await expect(page.locator('.wb-logo img.wb-logo__image')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await searchProject(page, '前海');
    await pickerDropdown(page).getByText('前海国际中心').click();
    await expect(page.locator('.wb-logo img.wb-logo__image')).toHaveCount(0);
    await expect(page.locator('.wb-logo')).toContainText('运营工作台');
  });

  test('on the gray host the shell calls the gray API and gray-enabled entries open their gray path', async ({ page, context, baseURL }) => {
    const apiCalls: string[] = [];
    await answerThirdParties(context);
    await serveLocally(context, /^https:\/\/gray\.workbench\.example\.com\//, baseURL!);
    await serveLocally(context, /^https:\/\/gray-api\.workbench\.example\.com\//, baseURL!, apiCalls);

    await page.goto('https://gray.workbench.example.com/login');
    await fillLogin(page);
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL('https://gray.workbench.example.com/wel/index');
    expect(apiCalls).toContain('https://gray-api.workbench.example.com/us-auth/oauth/token');

    await openLinksMenu(page);
    await page.locator('.wb-side-menu').getByRole('menuitem', { name: '操作手册' }).click();
    await expect(page.locator('iframe.wb-iframe')).toHaveAttribute('src', 'https://report.example.com/manual-gray?account=admin');
  });

  test('a retired address says so and moves to the new host, keeping the path', async ({ page, context, baseURL }) => {
    await serveLocally(context, /^http:\/\/workbench\.old-example\.com\//, baseURL!);
    await context.route(/^https:\/\/workbench\.example\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>new host</h1>' }));

    await page.goto('http://workbench.old-example.com/system/param?x=1');
    const alert = page.locator('.ant-modal-confirm');
    await expect(alert).toContainText('温馨提示！');
    await expect(alert).toContainText('https://workbench.example.com');
    await alert.getByRole('button', { name: buttonName('确定') }).click();
    await expect(page).toHaveURL('https://workbench.example.com/system/param?x=1');
    await expect(page.getByRole('heading', { name: 'new host' })).toBeVisible();
  });
});
