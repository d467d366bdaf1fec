import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { readAnnouncements, signedIn, unique } from './support/api';
import { subApp, openTopMenu } from './support/micro-apps';
import { addUser, rootDeptId, roleId } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, loginAs, openPicker, pickerDropdown, pickerValue, shownPage, userMenu } from './support/shell';

/**
 * Issue 31: menus that lead nowhere, the plain user, the home. The plain user ('user') may read
 * the parameters and handle their affairs, nothing else: every page they have opens without a
 * refused call or a console error; what they may not open is 403 inside the shell; sub-apps
 * without an address are not among their menus, while an administrator sees them with what to
 * fill in; the demo's sample apps (the Vue fixtures) open; a role switch lands on the first page.
 */

const base = baseUrl(MAIN_PORT);
// the first screen after a login loads the layout's and the page's chunks: a loaded machine takes seconds
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
const PLAIN = { account: 'user', password: 'admin123' };

/** Every request answered 400 or more, every failed one and every console error of the page, from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // a navigation cancels what is in flight: ERR_ABORTED is the page leaving, not a failure
    const error = r.failure()?.errorText ?? '';
    if (!error.includes('ERR_ABORTED')) failures.push(`${error} ${r.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /\[wujie warn\]/.test(msg.text())) failures.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}

/** The menu pages of a user, as the server gives them (leaves of every top menu). */
async function menuPages(account: string, password: string): Promise<string[]> {
  const api = await signedIn(base, account, password);
  const tops = (await api<TopMenu[]>('GET', '/us-system/v2/top-menu-multi/top-menu')).data;
  const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
  const paths: string[] = [];
  for (const top of tops) paths.push(...leaves((await api<MenuNode[]>('GET', `/us-system/v2/menu-multi/routes?topMenuId=${top.id}`)).data).map((m) => m.path));
  return paths;
}

test.describe('the plain user', () => {
  test('opens every page they have without a refused call or a console error, and sees no figure they may not read', async ({ page }) => {
    test.setTimeout(300_000);
    const pages = await menuPages(PLAIN.account, PLAIN.password);
    expect(pages).toContain('/system/param');
    const failures = watchFailures(page);
    await loginAs(page, PLAIN.account, PLAIN.password);
    const home = shownPage(page);
    // the figures of master data they may not read say so; the count of projects they may pick is theirs
    await expect(home.locator('[data-figure="vehicles"][data-no-access]')).toContainText('无权查看');
    await expect(home.locator('[data-figure="suppliers"][data-no-access]')).toContainText('无权查看');
    await expect(home.locator('[data-figure="projects"] .ant-statistic-content-value')).toHaveText(/^\d+$/);
    // the bell's first fetch, the guide's record, the preload (none: no app is theirs) have had their time
    await page.waitForTimeout(3000);
    // the console last: its figures are the plain user's own
    for (const path of [...pages, '/info/index', '/wel/dashboard']) {
      await page.goto(path);
      await expect(page.locator('.wb-header')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
      await expect(shownPage(page).locator('.ant-result-404, .ant-result-403')).toHaveCount(0);
      await page.waitForTimeout(1000);
    }
    await expect(shownPage(page).locator('.ant-statistic').first()).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('is not given the menus of sub-apps without an address; a page they may not open is 403 inside the shell, one that does not exist 404', async ({ page }) => {
    await loginAs(page, PLAIN.account, PLAIN.password);
    const bar = page.locator('.wb-top-menu');
    await expect(bar.getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
    for (const name of ['运营工作台', '版本管理', '后台配置', '积分工单', '主数据']) await expect(bar.getByRole('menuitem', { name, exact: true })).toHaveCount(0);

    const failures = watchFailures(page);
    for (const [path, status] of [
      ['/system/user', '403'],
      ['/coredata/company', '403'],
      ['/no/such/page', '404'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/${status}$`));
      // inside the shell: its header and menus are there to go on with
      await expect(page.locator('.wb-header')).toBeVisible();
      await expect(shownPage(page).locator(`.ant-result-${status}`)).toBeVisible();
    }
    await expect(shownPage(page).getByText('页面不存在')).toBeVisible();
    // no app was started for the master-data address: nothing was asked of it
    expect(failures.filter((f) => !/\/(403|404)$/.test(f))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('plain-user-404.png') });
  });
});

test.describe('sub-apps in the demo', () => {
  test('the administrator sees an app without an address with what to fill in, and goes to 子应用管理 from it', async ({ page }) => {
    await login(page);
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
    await openTopMenu(page, '运营工作台');
    const placeholder = page.locator('.wb-microapp-not-deployed');
    await expect(placeholder).toContainText('运营工作台尚未部署');
    await expect(placeholder).toContainText('填写应用地址');
    await page.screenshot({ path: test.info().outputPath('admin-not-deployed.png') });
    await placeholder.getByRole('button', { name: buttonName('前往子应用管理') }).click();
    await expect(page).toHaveURL(/\/system\/subapp$/);
  });

  test('积分工单 and 应急保障 open the bundled Vue 3 and Vue 2 apps', async ({ page }) => {
    const failures = watchFailures(page);
    await login(page);
    await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
    await openTopMenu(page, '积分工单');
    await expect(subApp(page, 'order-accumulation').locator('.vue-fixture')).toBeVisible({ timeout: 30_000 });
    await openTopMenu(page, '应急保障');
    await expect(subApp(page, 'emergency-support').locator('.vue2-fixture')).toBeVisible({ timeout: 30_000 });
    await expect(subApp(page, 'emergency-support').locator('.vue2-route')).toHaveText('/emergency/wordOrderOperationReport/wordOrderOperationReport');
    await page.screenshot({ path: test.info().outputPath('demo-vue2.png') });
    expect(failures).toEqual([]);
  });
});

test('switching the role on a page the new role cannot open lands on the first page, inside the shell', async ({ page }) => {
  const n = unique('');
  const admin = await roleId(base, '超级管理员');
  const plain = await roleId(base, '用户');
  await addUser(base, { account: `switch.${n}`, password: 'Switch12345', realName: `切换${n}`, roleId: `${admin},${plain}`, deptId: await rootDeptId(base) });
  // the other scenarios' announcements to administrators are not this one's
  await readAnnouncements(base, `switch.${n}`, 'Switch12345');
  await loginAs(page, `switch.${n}`, 'Switch12345');
  await page.goto('/system/user');
  await expect(shownPage(page).getByText(`switch.${n}`)).toBeVisible();

  await userMenu(page, '切换部门/角色');
  const dialog = page.getByRole('dialog', { name: '切换部门/角色' });
  // the select shows the current role over its input: open it by its box
  await dialog
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('角色') })
    .locator('.ant-select-selector')
    .click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('用户', { exact: true }).click();
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/wel\/index$/);
  // the new role's menus: no 用户管理, and nothing moved the shell on to /404
  await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.wb-header')).toBeVisible();
});

test("the home and the console count what a '全部' entry of the picker holds", async ({ page }) => {
  await login(page);
  await expect(pickerValue(page)).toBeVisible();
  await openPicker(page);
  await pickerDropdown(page).locator('li[title="物业运营公司"]').hover();
  await pickerDropdown(page).locator('li[title="全部(物业运营公司)"]').click();
  await expect(pickerValue(page)).toHaveText('全部(物业运营公司)');

  // what the server counts for the company's projects is what the home shows
  const api = await signedIn(base);
  type Node = { id: string; name: string; projectIds: string; children?: Node[] };
  const tree = (await api<Node[]>('GET', '/us-system/old-system/project-tree')).data;
  const company = tree.find((c) => c.name === '物业运营公司')!;
  const all = company.children!.find((c) => c.name === '全部(物业运营公司)')!;
  const figures = (await api<{ projectTotal: number; vehicleTotal: number }>('GET', `/us/lsds/hd/screen/getHdBaseInfoByProjectId?projectId=-1&projectIds=${all.projectIds}`)).data;
  const tenant = (await api<{ projectTotal: number }>('GET', '/us/lsds/hd/screen/getHdBaseInfoByProjectId')).data;
  expect(figures.projectTotal).toBe(all.projectIds.split(',').length);
  expect(figures.projectTotal).toBeLessThan(tenant.projectTotal);

  const home = shownPage(page);
  await expect(home.locator('[data-figure="projects"] .ant-statistic-content-value')).toHaveText(String(figures.projectTotal));
  await expect(home.locator('[data-figure="vehicles"] .ant-statistic-content-value')).toHaveText(String(figures.vehicleTotal));
  await expect(home.locator('.ant-descriptions').first()).toContainText('物业运营公司');
  // the role by its name, not the alias the token carries (administrator)
  await expect(home.locator('.ant-descriptions').first()).toContainText('超级管理员');
  await page.screenshot({ path: test.info().outputPath('home-all-company.png') });

  await page.goto('/wel/dashboard');
  await expect(shownPage(page).locator('[data-figure="projects"] .ant-statistic-content-value')).toHaveText(String(figures.projectTotal));
});
