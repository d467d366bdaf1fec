import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn } from './support/api';
import { login, shownPage } from './support/shell';
import { baseUrl, MAIN_PORT } from './support/servers';

/**
 * At 1024 × 768 nothing of a page may be out of reach: every toolbar button and every
 * column header of every page the administrator's 系统管理 menu opens is on screen, or can
 * be brought there the way a user does it: scrolling the view, or the table sideways by a
 * scrollbar that is itself on screen. A header hidden under the fixed 操作 column does not
 * count. One login, one page; the pages are opened inside the shell as a menu click does.
 */
test.use({ viewport: { width: 1024, height: 768 } });

interface MenuNode {
  path: string;
  name: string;
  category?: number;
  children?: MenuNode[];
}

async function adminPages(): Promise<MenuNode[]> {
  const admin = await signedIn(baseUrl(MAIN_PORT));
  const tops = await admin<{ id: string; code: string }[]>('GET', '/us-system/v2/top-menu-multi/top-menu');
  const system = tops.data.find((top) => top.code === 'system_admin');
  if (!system) throw new Error('no 系统管理 top menu');
  const routes = await admin<MenuNode[]>('GET', `/us-system/v2/menu-multi/routes?topMenuId=${system.id}`);
  const leaves = (nodes: MenuNode[]): MenuNode[] =>
    nodes
      .filter((node) => node.category !== 2)
      .flatMap((node) => {
        const kids = (node.children ?? []).filter((child) => child.category !== 2);
        return kids.length ? leaves(kids) : [node];
      });
  return leaves(routes.data).filter((node) => node.path.startsWith('/'));
}

/** Opens a path inside the running shell (as the router does on a menu click): no reload, no new login. */
async function openInShell(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  // the page has come and its data with it
  await expect(shownPage(page)).toBeVisible();
  await expect(shownPage(page).locator('.ant-spin-spinning, .wb-page-loading')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Brings an element on screen as a user can, and says whether it is then the topmost
 * thing at its centre: the view scrolls; a table scrolls sideways only when a scrollbar
 * of it is on screen (the sticky one below the view, or its own at its bottom).
 */
function reach(element: Locator): Promise<string> {
  return element.evaluate(async (el) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const view = document.querySelector<HTMLElement>('.wb-view')!;
    const onScreen = (r: DOMRect) => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
    const onTop = () => {
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + Math.min(r.width / 2, 12), r.top + r.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el.contains(hit));
    };
    const bringIntoView = async () => {
      const r = el.getBoundingClientRect();
      const v = view.getBoundingClientRect();
      view.scrollTop += r.top - v.top - 40;
      view.scrollLeft += Math.max(0, r.right - v.right + 8) || Math.min(0, r.left - v.left - 8);
      await frame();
    };
    await bringIntoView();
    if (onTop()) return 'ok';
    const wrapper = el.closest('.ant-table-wrapper');
    const scroller = wrapper?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    if (!wrapper || !scroller || scroller.scrollWidth <= scroller.clientWidth) return 'covered or off screen';
    const sticky = wrapper.querySelector('.ant-table-sticky-scroll');
    // its own scrollbar, at its bottom, on screen (headless Chromium draws no scrollbars, so its style stands for it)
    const box = scroller.getBoundingClientRect();
    const ownBar = /(auto|scroll)/.test(getComputedStyle(scroller).overflowX) && box.bottom > 0 && box.bottom <= innerHeight;
    if (!(sticky && onScreen(sticky.getBoundingClientRect())) && !ownBar) return 'the table is wider than its box and no scrollbar of it is on screen';
    for (let left = 0; left <= scroller.scrollWidth; left += 60) {
      scroller.scrollLeft = left;
      await frame();
      await bringIntoView();
      if (onTop()) {
        scroller.scrollLeft = 0;
        await frame();
        return 'ok';
      }
    }
    return 'hidden under a fixed column at every position of the scrollbar';
  });
}

test('1024 × 768: every toolbar button and column header of the 系统管理 pages is reachable', async ({ page }) => {
  test.setTimeout(240_000);
  const pages = await adminPages();
  expect(pages.length).toBeGreaterThan(20);
  await login(page);
  const failures: string[] = [];
  for (const menu of pages) {
    await openInShell(page, menu.path);
    const shown = shownPage(page);
    const targets = shown.locator(
      '.ant-pro-table-list-toolbar button, .ant-pro-table-list-toolbar-setting-item, .ant-table-thead th:not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)',
    );
    for (const target of await targets.all()) {
      if (!(await target.isVisible())) continue;
      const verdict = await reach(target);
      if (verdict !== 'ok') failures.push(`${menu.name} ${menu.path}: '${((await target.textContent()) ?? '').trim() || (await target.getAttribute('aria-label'))}' ${verdict}`);
    }
  }
  expect(failures).toEqual([]);
});

test('1024 × 768: the top menu names the section the user is in, the others behind …', async ({ page }) => {
  await login(page);
  const bar = page.locator('.wb-top-menu');
  await bar.getByRole('menuitem', { name: '更多菜单' }).hover();
  await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: '基础能力平台' }).click();
  await expect(bar.locator('.ant-menu-item-selected')).toHaveText('基础能力平台');
  await expect(bar.getByRole('menuitem', { name: '首页' })).toBeVisible();
});
