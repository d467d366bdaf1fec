import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn } from './api';
import { pickerDropdown, pickerValue, searchProject } from './shell';

/** The container of a sub-app in the shell's stage (its DOM is in wujie's open shadow root: CSS locators pierce it). */
export function subApp(page: Page, serviceName: string): Locator {
  return page.locator(`.wb-microapp[data-app="${serviceName}"]`);
}

const TOP_POPUP = '.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)';

/** One try at a top menu's item: in the bar's row, or behind the shell's own '…' (top-menu-bar.tsx), hovered open. */
async function topMenuItem(page: Page, name: string): Promise<Locator> {
  const bar = page.locator('.wb-top-menu');
  const inRow = bar.getByRole('menuitem', { name, exact: true });
  if (await inRow.isVisible()) return inRow;
  await bar
    .locator('.ant-menu-submenu')
    .filter({ has: page.locator('.anticon-ellipsis') })
    .hover({ timeout: 1000 });
  const behind = page.locator(TOP_POPUP).getByRole('menuitem', { name, exact: true });
  await expect(behind).toBeVisible({ timeout: 1000 });
  return behind;
}

/**
 * Moves the pointer off the bar until no popup of it is open: a popup closes on the pointer's
 * leaving, which a move to where the pointer already is does not make, so it moves through two points.
 */
async function leavePopup(page: Page): Promise<void> {
  await expect(async () => {
    await page.mouse.move(10, 650);
    await page.mouse.move(0, 700);
    await expect(page.locator(TOP_POPUP)).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** Expects the bar to offer a top menu, in its row or behind its '…'; leaves the popup closed. */
export async function expectTopMenu(page: Page, name: string): Promise<void> {
  await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
  await expect(() => topMenuItem(page, name)).toPass({ timeout: 15_000 });
  await leavePopup(page);
}

/**
 * Opens a top menu by its name, wherever the bar shows it. The bar re-flows while the header
 * settles (a badge appearing), so finding and clicking are tried again together.
 */
export async function openTopMenu(page: Page, name: string): Promise<void> {
  await expect(page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
  await expect(async () => (await topMenuItem(page, name)).click({ timeout: 1000 })).toPass({ timeout: 15_000 });
  // Leave the popup, or it covers the page.
  await leavePopup(page);
}

/** Opens 主数据 (coredata) from the top menu and waits for its overview inside the shell. */
export async function openCoredata(page: Page): Promise<Locator> {
  await openTopMenu(page, '主数据');
  await expect(page).toHaveURL(/\/coredata$/);
  const app = subApp(page, 'coredata');
  await expect(app.locator('.coredata-overview')).toBeVisible({ timeout: 30_000 });
  return app;
}

/**
 * The protocol fixture: the Vue 3 fixture (apps/subapps/vue-fixture), whose panel has a button per
 * event a sub-app may send, mounted through the 积分工单 entry of the registry (the demo data's
 * own host for it too). `useProtocolFixture` points the entry at it for a describe block.
 */
export const PROTOCOL_FIXTURE = {
  serviceName: 'order-accumulation',
  topMenu: '积分工单',
  /** the tab of its start page */
  tab: '积分工单首页',
  url: /\/order-accumulation\/accumulatedWorkOrder\/accumulatedManager\/timeCreditsSetting$/,
} as const;

export function useProtocolFixture(base: string): void {
  let previous: RegistryEntry | undefined;
  test.beforeAll(async () => {
    previous = await updateSubApp(base, PROTOCOL_FIXTURE.serviceName, { host: '/subapps/vue-fixture/' });
  });
  test.afterAll(async () => {
    if (previous) await restoreSubApp(base, previous);
  });
}

/** Opens the protocol fixture from its top menu and waits for its panel inside the shell. */
export async function openProtocolFixture(page: Page): Promise<Locator> {
  await openTopMenu(page, PROTOCOL_FIXTURE.topMenu);
  await expect(page).toHaveURL(PROTOCOL_FIXTURE.url);
  const app = subApp(page, PROTOCOL_FIXTURE.serviceName);
  await expect(app.locator('.protocol-buttons')).toBeVisible({ timeout: 30_000 });
  return app;
}

/** A button of the protocol fixture's panel, by its label ('export-state "processing"'). */
export function protocolButton(app: Locator, label: string): Locator {
  const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return app.locator('.protocol-buttons button').filter({ hasText: exact });
}

export interface RegistryEntry {
  id: string;
  serviceName: string;
  host: string;
  [field: string]: unknown;
}

/**
 * Changes a registry entry as an administrator (POST /us-system/sub-app/submit),
 * as 子应用管理 does, and returns the entry as it was (for `restoreSubApp`).
 * The servers live for the whole run: every spec puts back what it changed.
 */
export async function updateSubApp(base: string, serviceName: string, patch: Partial<RegistryEntry>): Promise<RegistryEntry> {
  const admin = await signedIn(base);
  const registry = await admin<RegistryEntry[]>('GET', '/us-system/sub-app/registry');
  const entry = registry.data.find((e) => e.serviceName === serviceName);
  if (!entry) throw new Error(`no registry entry ${serviceName}`);
  const saved = await admin('POST', '/us-system/sub-app/submit', { ...entry, ...patch });
  if (!saved.success) throw new Error(`could not change ${serviceName}: ${saved.msg}`);
  return entry;
}

export async function restoreSubApp(base: string, entry: RegistryEntry): Promise<void> {
  const admin = await signedIn(base);
  const saved = await admin('POST', '/us-system/sub-app/submit', entry);
  if (!saved.success) throw new Error(`could not restore ${entry.serviceName}: ${saved.msg}`);
}

/** Sets a stored-value override of the shell ('subAppLoadTimeoutMs', 'subAppKeepAlive') in the page's storage. */
export async function setShellOverride(page: Page, name: string, content: unknown): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(`saber-${key}`, JSON.stringify({ dataType: typeof value, content: value, datetime: Date.now() })), [
    name,
    content,
  ] as const);
}

/** Opens a page of the side menu, unfolding its branch first when needed. */
export async function openSideMenu(page: Page, branch: string, name: string): Promise<void> {
  const side = page.locator('.wb-side-menu');
  const item = side.locator('.ant-menu-item').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) });
  if (!(await item.isVisible())) await side.locator('.ant-menu-submenu-title').filter({ hasText: branch }).click();
  await item.click();
}

/** Saves a screenshot beside the run's results (screens/<name>.png), to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/${name}.png` });
}

/** Picks a project (or an 'all' entry) in the shell's picker by searching its name. */
export async function pickProject(page: Page, name: string): Promise<void> {
  await searchProject(page, name);
  await pickerDropdown(page).locator('.ant-cascader-menu-item').filter({ hasText: name }).first().click();
  await expect(pickerValue(page)).toHaveText(name);
}
