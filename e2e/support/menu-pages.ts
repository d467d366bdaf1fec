import { expect, type Locator, type Page } from '@playwright/test';
import { signedIn } from './api';
import { subApp } from './micro-apps';
import { shownPage } from './shell';
import { baseUrl, MAIN_PORT } from './servers';

/**
 * The pages of the administrator's menus, as the server gives them, and how a scenario opens
 * each inside the running shell (no reload, as a menu click does): widths.spec.ts and
 * accessibility.spec.ts visit every one of them.
 */

export interface MenuNode {
  path: string;
  name: string;
  category?: number;
  serviceName?: string;
  isOpen?: number;
  isBlank?: boolean;
  children?: MenuNode[];
  /** the name of the branch it is under in the side menu */
  branch?: string;
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  serviceName?: string;
}

export interface Section {
  top: TopMenu;
  /** the leaves of its menu (buttons, category 2, are not pages) */
  pages: MenuNode[];
}

/** The administrator's top menus with their pages, and the sub-apps that are deployed (their registry entry has a host). */
export async function adminMenus(): Promise<{ sections: Section[]; deployed: Set<string> }> {
  const admin = await signedIn(baseUrl(MAIN_PORT));
  const tops = await admin<TopMenu[]>('GET', '/us-system/v2/top-menu-multi/top-menu');
  const leaves = (nodes: MenuNode[], branch?: string): MenuNode[] =>
    nodes
      .filter((node) => node.category !== 2)
      .flatMap((node) => {
        const kids = (node.children ?? []).filter((child) => child.category !== 2);
        return kids.length ? leaves(kids, node.name) : [{ ...node, branch }];
      });
  const sections = await Promise.all(
    tops.data.map(async (top) => ({ top, pages: leaves((await admin<MenuNode[]>('GET', `/us-system/v2/menu-multi/routes?topMenuId=${top.id}`)).data) })),
  );
  const registry = await admin<{ serviceName: string; host: string }[]>('GET', '/us-system/sub-app/registry');
  return { sections, deployed: new Set(registry.data.filter((entry) => entry.host.trim()).map((entry) => entry.serviceName)) };
}

export const SYSTEM = 'system_admin';
export const COREDATA = 'coredata';
/** a menu path that declares a link (seed-menus.ts): single sign-on, the report system, a web address */
export const LINK = /^(sso:|report:|https?:\/\/)/i;
/** a web address the shell shows in its view (/myiframe), not in a new window */
export const inShell = (node: MenuNode) => /^https?:\/\//i.test(node.path) && node.isOpen !== 2 && !node.isBlank;
/** the pages outside the menus: the home, the console, the personal info, the error log */
export const OUTSIDE_MENUS = ['/wel/index', '/wel/dashboard', '/info/index', '/logs'];

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Changes the shell's location as its router does on a menu click: no reload, no new login. */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
}

/**
 * Opens a top menu from the bar, which shows what fits and keeps the others behind its '…'
 * (更多菜单), which opens on hover once it has measured itself: hovered and clicked again until
 * the side menu shows `expected`. The pointer leaves so that the popup closes.
 */
export async function openTopMenuHere(page: Page, name: string, expected: string): Promise<void> {
  const bar = page.locator('.wb-top-menu');
  await expect(async () => {
    await page.mouse.move(0, 400);
    const inRow = bar.getByRole('menuitem', { name, exact: true });
    if (await inRow.isVisible()) await inRow.click({ timeout: 2000 });
    else {
      await bar.getByRole('menuitem', { name: /^(更多菜单|More menus)$/ }).hover({ timeout: 2000 });
      await page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').getByRole('menuitem', { name, exact: true }).click({ timeout: 2000 });
    }
    await expect(page.locator('.wb-side-menu')).toContainText(expected, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.mouse.move(10, 650);
  await page.mouse.move(0, 700);
  await expect(page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')).toHaveCount(0);
}

/**
 * Opens a page of the shell and waits for it and its data: in the page, where a look every 50 ms
 * costs nothing (a hundred pages, each waited for by the test's own polling, take their while).
 */
export async function openInShell(page: Page, path: string): Promise<Locator> {
  const waited = await page.evaluate(async (to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    const end = performance.now() + 30_000;
    let quiet = 0;
    while (performance.now() < end) {
      await new Promise((done) => setTimeout(done, 50));
      const shown = document.querySelector<HTMLElement>('.wb-view > .wb-page:not([hidden])');
      // the page of this address (a kept page is marked with it), on screen, with nothing loading (a list's 查询 waits
      // for its answer, greyed): twice running
      const settled = !!shown?.checkVisibility() && (shown.dataset.tab ?? to) === to && !shown.querySelector('.ant-spin-spinning, .wb-page-loading, .ant-btn-loading');
      quiet = settled ? quiet + 1 : 0;
      if (quiet === 2) return '';
    }
    return `${location.pathname} shows ${document.querySelector('.wb-view > .wb-page:not([hidden])')?.getAttribute('data-tab')}, still loading after 30 s`;
  }, path);
  expect(waited, `${path} has loaded`).toBe('');
  return shownPage(page);
}

/**
 * Opens a page of a sub-app and waits for it: a list of 主数据 (a new list, not the one before it),
 * a start page (something of the app's own on screen), or the shell's word that the app is not deployed.
 */
export async function openSubAppPage(page: Page, path: string, serviceName: string, deployed: boolean): Promise<Locator> {
  const app = subApp(page, serviceName);
  if (!deployed) {
    await goTo(page, path);
    // this app's word (it names the app's service: '（work）'), not the one of the app before
    const word = shownPage(page)
      .locator('.wb-microapp-not-deployed')
      .filter({ hasText: new RegExp(`[（(]${escapeRegExp(serviceName)}[)）]`) });
    await expect(word).toBeVisible({ timeout: 30_000 });
    return shownPage(page);
  }
  // the page on screen now is not the next one: that is a new element (resource-route.tsx is keyed by resource);
  // an app preloaded out of sight shows the page it was preloaded at (主数据's overview), kept when that is the one asked for
  const pageOfApp = path === `/${COREDATA}` ? '.coredata-overview' : '.ant-pro-table';
  if (await app.isVisible()) await app.locator('.coredata-overview, .ant-pro-table').evaluateAll((pages) => pages.forEach((p) => p.setAttribute('data-swept', '')));
  await goTo(page, path);
  await expect(app).toBeVisible({ timeout: 30_000 });
  if (serviceName === COREDATA) {
    await expect(app.locator(`${pageOfApp}:not([data-swept])`).first()).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(app.locator('button, a, h1, h2, p').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  }
  await expect(app.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  return app;
}
