import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminMenus, COREDATA, inShell, LINK, openInShell, openSubAppPage, openTopMenuHere, OUTSIDE_MENUS, SYSTEM } from './support/menu-pages';
import { openSideMenu } from './support/micro-apps';
import { login, shownPage } from './support/shell';

/**
 * At 1024 × 768 nothing of a page may be out of reach, on every page the administrator's menus
 * open (every top menu the server gives them: 系统管理, in Chinese and in English, whose labels
 * are longer; the lists of 主数据 inside its sub-app; the other sub-apps' pages; the 外部系统
 * pages shown in the shell) and on the pages outside the menus: every button of a list's
 * toolbar and of its query form (查询, 重置, 展开), every column header, and every other button
 * of the page (not those of a table's rows) is on screen, or can be brought there the way a user
 * does it: scrolling the view (or a sub-app's own scroller), or the table sideways by a scrollbar
 * that is itself on screen. A header hidden under the fixed 操作 column does not count. Nor may
 * the shell, or its view, be wider than the window.
 * One login per section; the pages are opened inside the running shell as a menu click does.
 */
test.use({
  viewport: { width: 1024, height: 768 },
  // Some 500 actions on 110 pages: a DOM snapshot and screencast frames of each (the shell with antd's
  // injected styles and the sub-apps' shadow roots) would triple the run. A failure names each page and
  // control out of reach; its trace keeps the actions, console and network, and the screenshot stays.
  trace: { mode: 'retain-on-first-failure', snapshots: false, screenshots: false },
});

/**
 * What a page offers to reach: a list's toolbar buttons and settings, its query form's buttons and
 * 展开 (a link), its column headers; and any other button (the sweep leaves out a table's rows).
 */
const TARGETS = [
  '.ant-pro-table-list-toolbar button',
  '.ant-pro-table-list-toolbar-setting-item',
  '.ant-pro-query-filter-actions button',
  '.ant-pro-query-filter-collapse-button',
  '.ant-table-thead th:not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)',
  'button',
  'a.ant-btn',
].join(', ');

/**
 * Looks at every target in a part of the page as a user can, and names each that cannot be
 * reached: the view (and any scroller around it, a sub-app's own included) scrolls; a table
 * scrolls sideways only when a scrollbar of it is on screen (the sticky one below the view, or
 * its own at its bottom); then the target must be the topmost thing at its left end.
 * Sub-apps live in wujie's shadow root, whose nodes wujie patches (their root node and the
 * html element's parent are the sub-app's own document): the walk uses the browser's own
 * accessors. A shell wider than the window, or a view wider than itself, is a problem too.
 */
function unreachable(scope: Locator): Promise<{ checked: number; problems: string[] }> {
  return scope.evaluate(async (root, selector) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const parentNode = Object.getOwnPropertyDescriptor(Node.prototype, 'parentNode')!.get!;
    /** the parent in the flat tree: out of a shadow root to its host */
    const up = (node: Node): Element | null => {
      const parent = parentNode.call(node) as Node | null;
      if (!parent || parent.nodeType === Node.DOCUMENT_NODE) return null;
      return parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (parent as ShadowRoot).host : (parent as Element);
    };
    const within = (node: Element | null, ancestor: Element) => {
      for (let n = node; n; n = up(n)) if (n === ancestor) return true;
      return false;
    };
    const closest = (el: Element, selector: string) => {
      for (let n: Element | null = el; n; n = up(n)) if (Element.prototype.matches.call(n, selector)) return n as HTMLElement;
      return null;
    };
    /** every match in the scope and in the shadow roots inside it */
    const all = (node: Element | ShadowRoot, out: Element[] = []): Element[] => {
      out.push(...node.querySelectorAll(selector));
      for (const el of node.querySelectorAll('*')) if (el.shadowRoot) all(el.shadowRoot, out);
      return out;
    };
    /** the deepest element at a point, through open shadow roots */
    const hitAt = (x: number, y: number) => {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = ShadowRoot.prototype.elementFromPoint.call(hit.shadowRoot, x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit;
    };
    const scrolls = (el: Element) => /(auto|scroll|overlay)/.test(`${getComputedStyle(el).overflowX} ${getComputedStyle(el).overflowY}`);
    /** the scrollers the page scrolls by, innermost first: not the table's own (those are the table's sideways scrolling) */
    const scrollers = (el: Element) => {
      const out: Element[] = [];
      for (let n = up(el); n; n = up(n)) if ((n === document.scrollingElement || scrolls(n)) && !/\bant-table/.test(String(n.className))) out.push(n);
      return out;
    };
    const boxOf = (s: Element) => (s === document.scrollingElement ? new DOMRect(0, 0, innerWidth, innerHeight) : s.getBoundingClientRect());
    /**
     * Scrolls each scroller around it so that it is in its box: only when it is not (`always`: to
     * 40 px below its top anyway). The layout follows at once (what is asked next forces it).
     */
    const bringIntoView = (el: Element, always: boolean) => {
      for (const s of scrollers(el)) {
        const [r, v] = [el.getBoundingClientRect(), boxOf(s)];
        if (always || r.top < v.top || r.bottom > v.bottom) s.scrollTop += r.top - v.top - 40;
        if (r.right > v.right) s.scrollLeft += r.right - v.right + 8;
        else if (r.left < v.left) s.scrollLeft += r.left - v.left - 8;
      }
    };
    /** what is on top at its left end (a disabled button counts as itself), or '' when that is the target */
    const onTop = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + Math.min(r.width / 2, 12), r.top + r.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'off screen';
      let hit = hitAt(x, y);
      if (!within(hit, el) && getComputedStyle(el).pointerEvents === 'none') {
        const pointerEvents = el.style.pointerEvents;
        el.style.pointerEvents = 'auto';
        hit = hitAt(x, y);
        el.style.pointerEvents = pointerEvents;
      }
      if (within(hit, el)) return '';
      return hit ? `covered by <${hit.tagName.toLowerCase()} class="${String(hit.className).slice(0, 80)}">` : 'covered';
    };
    const reach = async (el: HTMLElement): Promise<string> => {
      bringIntoView(el, false);
      if (!onTop(el)) return '';
      bringIntoView(el, true);
      const verdict = onTop(el);
      if (!verdict) return '';
      const wrapper = closest(el, '.ant-table-wrapper');
      const scroller = wrapper?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
      if (!wrapper || !scroller || scroller.scrollWidth <= scroller.clientWidth) return verdict;
      // the sticky scrollbar follows the view's scrolling on its scroll event
      await frame();
      const sticky = wrapper.querySelector('.ant-table-sticky-scroll');
      const onScreen = (r: DOMRect) => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
      // its own scrollbar, at its bottom, on screen (headless Chromium draws no scrollbars, so its style stands for it)
      const box = scroller.getBoundingClientRect();
      const ownBar = /(auto|scroll)/.test(getComputedStyle(scroller).overflowX) && box.bottom > 0 && box.bottom <= innerHeight;
      if (!(sticky && onScreen(sticky.getBoundingClientRect())) && !ownBar) return `${verdict}; the table is wider than its box and no scrollbar of it is on screen`;
      // what the scrollbar moves: the body, and the header with it (antd follows the body's scroll event; here at once)
      const moved = [scroller, ...wrapper.querySelectorAll<HTMLElement>('.ant-table-header')];
      const scrollTo = (left: number) => moved.forEach((m) => (m.scrollLeft = left));
      let verdictThere = 'hidden under a fixed column at every position of the scrollbar';
      for (let left = 0; left <= scroller.scrollWidth; left += 60) {
        scrollTo(left);
        bringIntoView(el, false);
        if (!onTop(el)) {
          verdictThere = '';
          break;
        }
      }
      scrollTo(0);
      await frame();
      return verdictThere;
    };
    const problems: string[] = [];
    const view = document.querySelector('.wb-view')!;
    const page = document.scrollingElement!;
    if (page.scrollWidth > innerWidth) problems.push(`the shell is ${page.scrollWidth} px wide in a ${innerWidth} px window`);
    if (view.scrollWidth > view.clientWidth + 1) problems.push(`the view's content is ${view.scrollWidth} px wide in its ${view.clientWidth} px`);
    const targets = all(root).filter(
      (el, i, list) =>
        list.indexOf(el) === i &&
        el.checkVisibility({ visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 0 &&
        // a table's rows are not the page's controls
        !closest(el, '.ant-table-tbody'),
    ) as HTMLElement[];
    for (const el of targets) {
      const verdict = await reach(el);
      if (!verdict) continue;
      const label = (el.textContent ?? '').trim().replace(/\s+/g, ' ') || el.getAttribute('aria-label') || el.querySelector('[aria-label]')?.getAttribute('aria-label') || el.tagName;
      problems.push(`'${label}' ${verdict}`);
    }
    return { checked: targets.length, problems };
  }, TARGETS);
}

/**
 * Sweeps one page: notes what is out of reach, with the page, and answers how many controls
 * were looked at. A page still settling (a list loading again under its spinner, a dialog
 * closing) is looked at once more when it has.
 */
async function sweep(failures: string[], where: string, scope: Locator): Promise<number> {
  let seen = await unreachable(scope);
  if (seen.problems.length) {
    await expect(scope.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
    await scope.page().waitForTimeout(500);
    seen = await unreachable(scope);
  }
  for (const problem of seen.problems) failures.push(`${where}: ${problem}`);
  return seen.checked;
}

/** Notes in the report how much a scenario looked at. */
function swept(pages: number, controls: number): void {
  test.info().annotations.push({ type: 'swept', description: `${pages} pages, ${controls} buttons and column headers` });
}

/** Sweeps the 系统管理 pages (a list or another page of the shell each); answers the path of the first. */
async function sweepSystemPages(page: Page, failures: string[]): Promise<string> {
  const { sections } = await adminMenus();
  const pages = (sections.find((section) => section.top.code === SYSTEM)?.pages ?? []).filter((node) => node.path.startsWith('/'));
  expect(pages.length).toBeGreaterThan(20);
  let controls = 0;
  for (const menu of pages) {
    const shown = await openInShell(page, menu.path);
    controls += await sweep(failures, `${menu.name} ${menu.path}`, shown);
  }
  swept(pages.length, controls);
  return pages[0].path;
}

test.describe('1024 × 768: nothing of a page is out of reach', () => {
  test('系统管理: every toolbar and query-form button and every column header', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page);
    const failures: string[] = [];
    await sweepSystemPages(page, failures);
    expect(failures).toEqual([]);
  });

  test('系统管理 in English, whose labels are longer', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page);
    await page.locator('.wb-header').getByRole('button', { name: '切换语言' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    const failures: string[] = [];
    const first = await sweepSystemPages(page, failures);
    // the lists were the English ones
    await openInShell(page, first);
    await expect(shownPage(page).locator('.ant-pro-table-list-toolbar button').first()).toHaveText(/^[\x20-\x7e]+$/);
    expect(failures).toEqual([]);
  });

  test('主数据: the lists inside the sub-app, their toolbars, query forms and columns', async ({ page }) => {
    test.setTimeout(120_000);
    const { sections, deployed } = await adminMenus();
    const coredata = sections.find((section) => section.top.serviceName === COREDATA);
    expect(coredata, 'a 主数据 top menu').toBeTruthy();
    expect(deployed.has(COREDATA)).toBe(true);
    const pages = coredata!.pages;
    expect(pages.map((node) => node.name)).toEqual(expect.arrayContaining(['公司管理', '城市管理', '项目管理', '车辆管理', '物联设备', '作业点位', '人员管理']));
    await login(page);
    const failures: string[] = [];
    let controls = 0;
    for (const menu of pages) {
      const app = await openSubAppPage(page, menu.path, COREDATA, true);
      const checked = await sweep(failures, `${menu.name} ${menu.path}`, app);
      // a list: its toolbar, its query form's buttons and its columns were found in the app's shadow root
      if (/^\/coredata\/./.test(menu.path)) expect(checked, `the controls of ${menu.name}`).toBeGreaterThan(8);
      controls += checked;
    }
    swept(pages.length, controls);
    expect(failures).toEqual([]);
  });

  test('the other top menus (sub-apps, 外部系统) and the pages outside the menus', async ({ page, context }) => {
    test.setTimeout(120_000);
    // an embedded third-party page never leaves the machine
    await context.route(/^https:\/\/[^/]+\.example\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: `<h1>${new URL(route.request().url()).pathname}</h1>` }));
    const { sections, deployed } = await adminMenus();
    await login(page);
    const failures: string[] = [];
    const seen = { apps: 0, links: 0, outside: 0, controls: 0 };
    for (const { top, pages } of sections.filter((section) => section.top.code !== SYSTEM && section.top.serviceName !== COREDATA)) {
      for (const menu of pages) {
        const where = `${top.name} › ${menu.name} ${menu.path}`;
        const serviceName = menu.serviceName || top.serviceName;
        if (serviceName) {
          const app = await openSubAppPage(page, menu.path, serviceName, deployed.has(serviceName));
          seen.controls += await sweep(failures, where, app);
          seen.apps++;
        } else if (inShell(menu)) {
          // as a user opens it: its top menu (behind the bar's '…' at this width), then its entry
          await openTopMenuHere(page, top.name, menu.branch ?? menu.name);
          await openSideMenu(page, menu.branch ?? top.name, menu.name);
          await expect(page).toHaveURL(/\/myiframe\//);
          await expect(shownPage(page).locator('iframe.wb-iframe, .ant-result').first()).toBeVisible();
          seen.controls += await sweep(failures, where, shownPage(page));
          seen.links++;
        } else if (!LINK.test(menu.path) && menu.path.startsWith('/')) {
          seen.controls += await sweep(failures, where, await openInShell(page, menu.path));
          seen.outside++;
        }
      }
    }
    expect(seen.apps).toBeGreaterThan(5);
    expect(seen.links).toBeGreaterThan(0);
    for (const path of OUTSIDE_MENUS) {
      seen.controls += await sweep(failures, path, await openInShell(page, path));
      seen.outside++;
    }
    swept(seen.apps + seen.links + seen.outside, seen.controls);
    expect(failures).toEqual([]);
  });
});

test('1024 × 768: the top menu names the section the user is in, the others behind …', async ({ page }) => {
  await login(page);
  const bar = page.locator('.wb-top-menu');
  await bar.getByRole('menuitem', { name: '更多菜单' }).hover();
  await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: '基础能力平台' }).click();
  await expect(bar.locator('.ant-menu-item-selected')).toHaveText('基础能力平台');
  await expect(bar.getByRole('menuitem', { name: '首页' })).toBeVisible();
});
