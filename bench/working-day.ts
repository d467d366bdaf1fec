/**
 * A working day in the shell (issue 34 point 4, "memory proven over a whole day"), in
 * Debian's Chromium (@playwright/test) against the real server serving the built shell:
 * does the workbench stay as light and as quick after a day of switching as it was in
 * the morning? A day is BENCH_SWITCHES (2,000) switches in a seeded random mix
 * (BENCH_SEED): a page opened from the menus (top menu, then the side menu), an open tab
 * chosen, a tab closed (its × button), a closed page opened again, and now and then
 * another project in the picker; at most ~16 tabs stay open.
 *
 * The pages: ~20 of 系统管理's (kept mounted while their tab is open) and 8 menu entries
 * of sub-apps, over 6 sandboxes, one more than the keep-alive limit (the stored
 * 'subAppKeepAlive', BENCH_KEEP_ALIVE, 5 as VITE_SUBAPP_KEEP_ALIVE's default): coredata
 * (主数据首页, 公司管理: one sandbox), the Vue 3 fixture (版本管理, 积分工单: two), the Vue 2
 * fixture (应急保障 from the product's origin, 积分工单V2 from an origin of its own: two) and
 * the React 17 fixture (its start page and 关于R17: one).
 *
 * Every 250 switches, a checkpoint. It prints what is open at that moment (tabs, iframes,
 * sandboxes), then brings the workbench to the same state every time (every tab closed,
 * the 8 sub-app entries opened in one order, back to the workbench: the last 5 of them
 * kept alive, with or without a closed tab freeing its app), forces a garbage collection
 * (CDP HeapProfiler.collectGarbage) and prints the JS heap used (Runtime.getHeapUsage),
 * DOM nodes and JS event listeners (Performance.getMetrics) and iframes (those in shadow
 * roots counted; wujie keeps each sandbox's iframe in the document and the app's DOM in a
 * shadow root). Comparing the same state, a leak shows as growth, not as what happens to
 * be open. The checkpoint after the first 250 switches is the warm-up everything is
 * compared with. Switch times (the press on a menu entry, a tab or a tab's ×, to the
 * content of the page then on screen, measured in the page frame by frame) are given as
 * p50 and p95 of the first and the last 250 switches.
 *
 * A heap snapshot diff of two checkpoints (250 → 1,000) found the few MB the heap still grows
 * by outside the shell's own objects (JS objects and closures did not grow, the attached DOM
 * was the same): V8's compiled code, the DevTools network and console buffers of the CDP
 * session that drives the browser, Blink's media-query objects, and the undo history of the
 * picker's search box (the DOM nodes that grow: one undo step per project searched).
 *
 * At the end, on top of the day: two apps navigated away from their start page (the Vue 2
 * hash router to /dialog, the React 17 history router to ?page=2) are evicted by opening
 * the others and must open again at that route from their tab; closing every tab of an
 * app (coredata's two, 版本管理's one) must free its sandbox (iframe and container gone).
 *
 * Run: npm run bench:working-day   (build first: npm run build && npm run build:fixtures; the run serves a copy)
 *      BENCH_SWITCHES=300 for a short run; BENCH_SEED for another day. ~30 min for 2,000.
 * Targets: JS heap and DOM nodes at the end within 10% of the warm-up; wujie's sandbox
 * iframes never more than the keep-alive limit, and no other iframe than the shell has at
 * sign-in (none: the shell's own pages that embed one, /myiframe, are not in the mix);
 * a closed tab frees its sub-app; an evicted app reopens at its route; every switch done.
 * The exit code is 1 when a target is MISSED.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { signedIn } from '../e2e/support/api';
import { startFixtureOrigin } from '../e2e/support/fixture-origin';
import { pickProject, updateSubApp } from '../e2e/support/micro-apps';
import { login } from '../e2e/support/shell';
import { quantile, root, startProductServer } from './product-server';

const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 2000);
const SEED = Number(process.env.BENCH_SEED ?? 34);
const KEEP_ALIVE = Number(process.env.BENCH_KEEP_ALIVE ?? 5);
const CHECKPOINT = 250;
const MAX_TABS = 16;
const port = 19_080 + 2 * Math.floor(Math.random() * 400);
const base = `http://localhost:${port}`;
const FIXTURE_ORIGIN = `http://127.0.0.1:${port + 1}`;

for (const dist of ['apps/shell/dist', 'apps/subapps/coredata/dist', 'apps/subapps/vue-fixture/dist', 'apps/subapps/vue2-fixture/dist', 'apps/subapps/react17-fixture/dist']) {
  if (!existsSync(join(root, dist, 'index.html'))) {
    console.error(`${dist} is not built: npm run build && npm run build:fixtures`);
    process.exit(1);
  }
}

/** What shows that a page is on screen: a selector in the shown page of the shell, or in an app's shadow root. */
interface Ready {
  /** the sub-app whose (visible) container holds it; none: the shell's shown page */
  app?: string;
  /** the shell page's tab key (its kept page carries it) */
  tab?: string;
  selector: string;
  /** the element's text, when it matters */
  text?: string;
  /** the address the shell must be at (pathname and search) */
  address: string;
  /** the tab (its key) the shell must have noted the address in, in its stored tabs: an app's own move is mirrored in a transition */
  noted?: string;
}

/** A menu entry: where it is in the menus and what its page shows. */
interface Place {
  path: string;
  top: string;
  branch: string;
  name: string;
  ready: Ready;
}

const HOME = '/wel/index';
const HOME_READY: Ready = { tab: HOME, selector: '.wb-home-shortcuts', address: HOME };

/** 系统管理's pages in the mix: lists of the resource framework and the pages built on it. */
const SHELL_PATHS = [
  '/system/user',
  '/system/dept',
  '/system/post',
  '/system/dict',
  '/system/dictbiz',
  '/system/param',
  '/system/tenant',
  '/system/client',
  '/system/menu',
  '/system/topmenu',
  '/system/subapp',
  '/system/version',
  '/system/systemnotify',
  '/authority/role',
  '/authority/datascope',
  '/authority/apiscope',
  '/base/region',
  '/monitor/usual',
  '/monitor/api',
  '/resource/oss',
];

/** The sub-apps' entries in the mix, in the order a checkpoint opens them: [path, app, what its page shows]. */
const APP_ENTRIES: [string, string, string][] = [
  ['/coredata', 'coredata', '.coredata-overview'],
  ['/coredata/company', 'coredata', '.ant-table'],
  ['/publish/projectInfo', 'publish', '.vue-fixture'],
  ['/order-accumulation/accumulatedWorkOrder/accumulatedManager/timeCreditsSetting', 'order-accumulation', '.vue-fixture'],
  ['/emergency-support/emergency/wordOrderOperationReport/wordOrderOperationReport', 'emergency-support', '.vue2-fixture'],
  ['/vue2/accumulated/manager/credits', 'vue2', '.vue2-credits'],
  ['/react17/orders/list/today', 'react17', '.react17-today'],
  ['/react17/about', 'react17', '.react17-about'],
];
const SANDBOXES = new Set(APP_ENTRIES.map(([, app]) => app));

/** The fixtures built as other teams build them, on an origin of their own, registered as an administrator would (子应用管理, 生成菜单). */
const OWN_ORIGIN_APPS = [
  { serviceName: 'vue2', name: '积分工单V2', prefix: '/vue2', host: `${FIXTURE_ORIGIN}/vue2/`, defaultPath: 'accumulated/manager/credits', routerMode: 'hash' },
  { serviceName: 'react17', name: '工单派单R17', prefix: '/react17', host: `${FIXTURE_ORIGIN}/react17/`, defaultPath: 'orders/list/today', routerMode: 'history' },
];
const PROJECTS = ['琶洲互联网区', '前海国际中心', '全部(广州)'];

type Admin = Awaited<ReturnType<typeof signedIn>>;

/** Points 版本管理 at the Vue 3 fixture (积分工单 and 应急保障 are seeded on the Vue fixtures), adds the two own-origin apps with their menus and a second page of the React one. */
async function registerApps(admin: Admin): Promise<void> {
  await updateSubApp(base, 'publish', { host: '/subapps/vue-fixture/' });
  for (const app of OWN_ORIGIN_APPS) {
    const saved = await admin<{ id: string }>('POST', '/us-system/sub-app/submit', { ...app, alive: 1, exec: 1, fiber: 1, sort: 80 });
    if (!saved.success) throw new Error(`could not register ${app.serviceName}: ${saved.msg}`);
    await admin('POST', `/us-system/sub-app/create-menus?id=${saved.data.id}`);
  }
  const homes = await admin<{ records: { id: string; code: string }[] }>('GET', '/us-system/menu/page?code=react17_home&size=10');
  const parentId = homes.data.records.find((m) => m.code === 'react17_home')!.id;
  const added = await admin<{ id: string }>('POST', '/us-system/menu/submit', {
    name: '关于R17',
    code: 'react17_about',
    path: '/react17/about',
    parentId,
    category: 1,
    sort: 2,
    isOpen: 1,
    serviceName: 'react17',
  });
  if (!added.success) throw new Error(`could not add 关于R17: ${added.msg}`);
  // granted to the administrator role beside all it holds (as navigation.spec.ts does)
  const roles = await admin<{ records: { id: string; roleAlias: string }[] }>('GET', '/us-system/role/page?roleAlias=administrator&size=10');
  const role = roles.data.records.find((r) => r.roleAlias === 'administrator')!;
  const keys = (await admin<{ menu: string[]; dataScope: string[]; apiScope?: string[] }>('GET', `/us-system/menu/role-tree-keys?roleIds=${role.id}`)).data;
  const granted = await admin('POST', '/us-system/role/grant', {
    roleIds: role.id,
    menuIds: [...keys.menu, added.data.id].join(','),
    dataScopeIds: keys.dataScope.join(','),
    apiScopeIds: (keys.apiScope ?? []).join(','),
  });
  if (!granted.success) throw new Error(`could not grant 关于R17: ${granted.msg}`);
}

interface MenuNode {
  name: string;
  path: string;
  category: number;
  children?: MenuNode[];
}

/** Where each path of the mix is in the administrator's menus (top menu, branch, name), read from the menus the shell reads. */
async function places(admin: Admin): Promise<Place[]> {
  const tops = (await admin<{ id: string; name: string }[]>('GET', '/us-system/v2/top-menu-multi/top-menu')).data;
  const found = new Map<string, Omit<Place, 'ready'>>();
  for (const top of tops) {
    const routes = (await admin<MenuNode[] | null>('GET', `/us-system/v2/menu-multi/routes?topMenuId=${top.id}`)).data ?? [];
    for (const branch of routes)
      for (const leaf of branch.children ?? [])
        if (leaf.category === 1 && !found.has(leaf.path)) found.set(leaf.path, { path: leaf.path, top: top.name, branch: branch.name, name: leaf.name });
  }
  const at = (path: string) => {
    const place = found.get(path);
    if (!place) throw new Error(`no menu entry for ${path}`);
    return place;
  };
  return [
    ...SHELL_PATHS.map((path) => ({ ...at(path), ready: { tab: path, selector: '.ant-table', address: path } })),
    ...APP_ENTRIES.map(([path, app, selector]) => ({ ...at(path), ready: { app, selector, address: path } })),
  ];
}

type Action =
  | { kind: 'open'; place: Place }
  | { kind: 'tab'; key: string; ready: Ready }
  | { kind: 'close'; key: string; readies: Record<string, Ready> }
  | { kind: 'app-link'; app: string; text: string; ready: Ready }
  | { kind: 'gone'; app: string; ms: number };

/**
 * Does one thing in the page, as a click of the user's (no driver latency between the
 * press and the look), and waits frame by frame for its result: the milliseconds in between.
 */
function act(page: Page, action: Action): Promise<number> {
  return page.evaluate(async (a: Action) => {
    const t0 = performance.now();
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const label = (el: Element) => el.textContent?.trim() ?? '';
    const shown = (el: Element | null | undefined): el is HTMLElement => !!el && el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true });
    const until = async <T>(what: string, test: () => T | undefined | null | false, ms = 60_000, retry?: () => void): Promise<T> => {
      let tried = performance.now();
      for (;;) {
        const value = test();
        if (value) return value;
        if (performance.now() - t0 > ms) throw new Error(`${what}: not within ${ms / 1000} s (the shell at ${location.pathname}${location.search})`);
        if (retry && performance.now() - tried > 3000) {
          retry();
          tried = performance.now();
        }
        await frame();
      }
    };
    const notedAt = (key: string) => {
      const stored = JSON.parse(localStorage.getItem('saber-tagList') ?? 'null') as { content?: { value: string; query: string; route?: string }[] } | null;
      return stored?.content?.find((tab) => `${tab.value}${tab.query}` === key)?.route;
    };
    const isReady = (r: Ready) => {
      if (`${location.pathname}${location.search}` !== r.address) return false;
      const el = r.app
        ? document.querySelector(`.wb-microapp[data-app="${r.app}"]:not(.wb-microapp--hidden) wujie-app`)?.shadowRoot?.querySelector(r.selector)
        : document.querySelector(`.wb-view > .wb-page:not([hidden])[data-tab="${r.tab}"] ${r.selector}`);
      return shown(el) && (r.text === undefined || label(el) === r.text) && (r.noted === undefined || notedAt(r.noted) === r.address);
    };
    const tabNode = (key: string) => [...document.querySelectorAll<HTMLElement>('.wb-tabs .ant-tabs-tab[data-node-key]')].find((el) => el.dataset.nodeKey === key);

    if (a.kind === 'open') {
      const { place } = a;
      const item = () => [...document.querySelectorAll('.wb-side-menu .ant-menu-item')].find((el) => label(el) === place.name) as HTMLElement | undefined;
      const branch = () => [...document.querySelectorAll<HTMLElement>('.wb-side-menu .ant-menu-submenu-title')].find((el) => label(el) === place.branch);
      // another top menu's side menu: its top menu first (which opens its first page)
      if (!branch() && !shown(item())) {
        const inRow = () => [...document.querySelectorAll<HTMLElement>('.wb-top-menu .ant-menu-item')].find((el) => label(el) === place.top);
        const behind = () => [...document.querySelectorAll<HTMLElement>('.ant-menu-submenu-popup .ant-menu-item')].find((el) => label(el) === place.top);
        // in the row, or behind the bar's '…', hovered open (React's enter and leave come from mouseover and mouseout; once, as a new enter restarts the delay)
        const hoverMore = () =>
          document.querySelector('.wb-top-menu .ant-menu-submenu:has(.anticon-ellipsis) > .ant-menu-submenu-title')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        if (!inRow()) hoverMore();
        const top = await until(`the top menu ${place.top}`, () => inRow() ?? behind(), 10_000, hoverMore);
        top.click();
        top.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.querySelector('.wb-view') }));
        await until(`the side menu of ${place.top}`, () => branch() ?? item());
      }
      if (!shown(item())) {
        const title = branch();
        if (title && !title.parentElement?.classList.contains('ant-menu-submenu-open')) title.click();
        await until(`${place.name} in the side menu`, () => shown(item()));
      }
      if (location.pathname !== place.path) item()!.click();
      // a click landing while the top menu's own navigation is under way is repeated
      await until(
        place.path,
        () => isReady(place.ready),
        60_000,
        () => {
          if (location.pathname !== place.path) item()?.click();
        },
      );
    } else if (a.kind === 'tab') {
      const node = await until(`the tab ${a.key}`, () => tabNode(a.key), 10_000);
      node.querySelector<HTMLElement>('.ant-tabs-tab-btn')!.click();
      await until(a.key, () => isReady(a.ready));
    } else if (a.kind === 'close') {
      const node = tabNode(a.key);
      const remove = node?.querySelector<HTMLElement>('.ant-tabs-tab-remove');
      if (!node || !remove) throw new Error(`no closable tab ${a.key}`);
      const wasActive = node.classList.contains('ant-tabs-tab-active');
      remove.click();
      await until(`${a.key} closed`, () => !tabNode(a.key));
      if (wasActive) {
        const next = await until('the next tab', () => document.querySelector<HTMLElement>('.wb-tabs .ant-tabs-tab-active')?.dataset.nodeKey);
        const ready = a.readies[next];
        if (ready) await until(next, () => isReady(ready));
      }
    } else if (a.kind === 'app-link') {
      const root = document.querySelector(`.wb-microapp[data-app="${a.app}"] wujie-app`)?.shadowRoot;
      const link = [...(root?.querySelectorAll<HTMLElement>('a') ?? [])].find((el) => label(el) === a.text);
      if (!link) throw new Error(`no link ${a.text} in ${a.app}`);
      link.click();
      await until(a.ready.address, () => isReady(a.ready));
    } else {
      // the app's sandbox (its iframe) and its container gone
      await until(`${a.app} destroyed`, () => !document.querySelector(`iframe[name="${a.app}"]`) && !document.querySelector(`.wb-microapp[data-app="${a.app}"]`), a.ms);
    }
    return performance.now() - t0;
  }, action);
}

interface Look {
  tabs: string[];
  active: string;
  iframes: number;
  /** the names of wujie's sandbox iframes */
  sandboxes: string[];
}

/** The tabs and the iframes (in the document and in every shadow root) right now. */
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const frames: HTMLIFrameElement[] = [];
    const walk = (scope: Document | ShadowRoot) => {
      for (const el of scope.querySelectorAll('*')) {
        if (el instanceof HTMLIFrameElement) frames.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const tabs = [...document.querySelectorAll<HTMLElement>('.wb-tabs .ant-tabs-tab[data-node-key]')];
    return {
      tabs: tabs.map((el) => el.dataset.nodeKey!),
      active: tabs.find((el) => el.classList.contains('ant-tabs-tab-active'))?.dataset.nodeKey ?? '',
      iframes: frames.length,
      sandboxes: frames.filter((f) => f.hasAttribute('data-wujie-flag')).map((f) => f.name),
    };
  });
}

interface Figures {
  heapMb: number;
  nodes: number;
  listeners: number;
  iframes: number;
  sandboxes: string[];
}

/**
 * After two forced garbage collections: the JS heap used, DOM nodes, JS event listeners and iframes.
 * A few seconds first: an app destroyed a moment ago lets go of its realm once wujie's teardown has run.
 */
async function measure(page: Page, cdp: CDPSession): Promise<Figures> {
  await page.waitForTimeout(3000);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const { iframes, sandboxes } = await look(page);
  return { heapMb: usedSize / 1024 / 1024, nodes: metric('Nodes'), listeners: metric('JSEventListeners'), iframes, sandboxes };
}

/** The same state at every checkpoint: every tab closed, the sub-apps' entries opened in one order, the workbench on screen. */
async function settle(page: Page, all: Place[], readies: Record<string, Ready>): Promise<void> {
  await act(page, { kind: 'tab', key: HOME, ready: HOME_READY });
  for (const key of (await look(page)).tabs) if (key !== HOME) await act(page, { kind: 'close', key, readies });
  for (const place of all.filter((p) => p.ready.app)) await act(page, { kind: 'open', place });
  await act(page, { kind: 'tab', key: HOME, ready: HOME_READY });
}

/** mulberry32: the same day for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'open' | 'switch' | 'close' | 'reopen' | 'project';

interface Day {
  /** switch number → ms, for the switches that change the page on screen */
  times: Map<number, number>;
  counts: Record<Kind, number>;
  projectMs: number[];
  maxTabs: number;
  maxIframes: number;
  maxSandboxes: number;
  /** when the sandboxes first went over the limit */
  overLimitAt?: { at: number; sandboxes: string[] };
  failures: string[];
  checkpoints: { at: number; tabs: number; iframes: number; sandboxes: number; settled: Figures }[];
}

const pct = (value: number, reference: number) => `${value >= reference ? '+' : ''}${(((value - reference) / reference) * 100).toFixed(1)}%`;

function printCheckpoint(c: Day['checkpoints'][number]): void {
  const s = c.settled;
  console.log(
    `${String(c.at).padStart(5)}  ${String(c.tabs).padStart(4)}  ${String(c.iframes).padStart(7)}  ${String(c.sandboxes).padStart(9)}   |` +
      `  ${s.heapMb.toFixed(1).padStart(7)}  ${String(s.nodes).padStart(7)}  ${String(s.listeners).padStart(9)}  ${String(s.iframes).padStart(7)}  ${s.sandboxes.join(' ')}`,
  );
}

async function workingDay(page: Page, cdp: CDPSession, all: Place[]): Promise<Day> {
  const readies: Record<string, Ready> = { [HOME]: HOME_READY, ...Object.fromEntries(all.map((p) => [p.path, p.ready])) };
  const byPath = new Map(all.map((p) => [p.path, p]));
  const rnd = random(SEED);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)];
  const day: Day = {
    times: new Map(),
    counts: { open: 0, switch: 0, close: 0, reopen: 0, project: 0 },
    projectMs: [],
    maxTabs: 0,
    maxIframes: 0,
    maxSandboxes: 0,
    failures: [],
    checkpoints: [],
  };
  const closed: string[] = [];
  let project = 0;

  const checkpoint = async (at: number) => {
    const now = await look(page);
    await settle(page, all, readies);
    const c = { at, tabs: now.tabs.length, iframes: now.iframes, sandboxes: now.sandboxes.length, settled: await measure(page, cdp) };
    day.checkpoints.push(c);
    printCheckpoint(c);
  };

  console.log(`switch  tabs  iframes  sandboxes   |  settled: heap MB    nodes  listeners  iframes  sandboxes alive`);
  await checkpoint(0);
  for (let i = 1; i <= SWITCHES; i++) {
    const { tabs, active } = await look(page);
    const closable = tabs.filter((key) => key !== HOME);
    const unopened = all.filter((p) => !tabs.includes(p.path));
    const reopenable = closed.filter((key) => !tabs.includes(key)).slice(0, 6);
    const r = rnd();
    let kind: Kind = r < 0.3 ? 'open' : r < 0.62 ? 'switch' : r < 0.82 ? 'close' : r < 0.95 ? 'reopen' : 'project';
    if (tabs.length >= MAX_TABS) kind = 'close';
    else if (closable.length < 2 && (kind === 'close' || kind === 'switch')) kind = 'open';
    if (kind === 'reopen' && reopenable.length === 0) kind = 'open';
    try {
      if (kind === 'open' || kind === 'reopen') {
        const place = kind === 'open' ? pick(unopened) : byPath.get(pick(reopenable))!;
        day.times.set(i, await act(page, { kind: 'open', place }));
      } else if (kind === 'switch') {
        const key = pick(tabs.filter((k) => k !== active));
        day.times.set(i, await act(page, { kind: 'tab', key, ready: readies[key] }));
      } else if (kind === 'close') {
        const key = pick(closable);
        const wasActive = key === active;
        const ms = await act(page, { kind: 'close', key, readies });
        if (wasActive) day.times.set(i, ms);
        closed.unshift(key);
      } else {
        const t0 = Date.now();
        await pickProject(page, PROJECTS[project++ % PROJECTS.length]);
        day.projectMs.push(Date.now() - t0);
      }
      day.counts[kind]++;
    } catch (error) {
      day.failures.push(`switch ${i} (${kind}): ${(error as Error).message.split('\n')[0]}`);
      console.log(`  ! ${day.failures.at(-1)}`);
      if (day.failures.length > 20) throw new Error('more than 20 switches failed: stopped');
      await page.keyboard.press('Escape');
      await act(page, { kind: 'tab', key: HOME, ready: HOME_READY }).catch(() => undefined);
    }
    const now = await look(page);
    day.maxTabs = Math.max(day.maxTabs, now.tabs.length);
    day.maxIframes = Math.max(day.maxIframes, now.iframes);
    day.maxSandboxes = Math.max(day.maxSandboxes, now.sandboxes.length);
    if (now.sandboxes.length > KEEP_ALIVE && !day.overLimitAt) day.overLimitAt = { at: i, sandboxes: now.sandboxes };
    if (i % CHECKPOINT === 0 || i === SWITCHES) await checkpoint(i);
  }
  return day;
}

interface Verdict {
  line: string;
  met: boolean;
}

/** Two apps moved off their start page, evicted by opening the others, and opened again from their tab. */
async function evictedReopenAtRoute(page: Page, all: Place[]): Promise<Verdict[]> {
  const readies: Record<string, Ready> = Object.fromEntries(all.map((p) => [p.path, p.ready]));
  const entry = (path: string) => all.find((p) => p.path === path)!;
  const vue2 = entry('/vue2/accumulated/manager/credits');
  const react17 = entry('/react17/orders/list/today');
  const vue2There: Ready = { app: 'vue2', selector: '.vue2-route', text: '/dialog', address: '/vue2/dialog' };
  const react17There: Ready = { app: 'react17', selector: '.react17-route', text: '/orders/list/today?page=2', address: '/react17/orders/list/today?page=2' };
  const verdicts: Verdict[] = [];
  await act(page, { kind: 'tab', key: vue2.path, ready: vue2.ready });
  await act(page, { kind: 'app-link', app: 'vue2', text: 'dialog', ready: { ...vue2There, noted: vue2.path } });
  await act(page, { kind: 'tab', key: react17.path, ready: react17.ready });
  await act(page, { kind: 'app-link', app: 'react17', text: 'today', ready: { ...react17There, noted: react17.path } });
  // the other four sandboxes, most recently used last: vue2 falls out of the five kept alive
  for (const path of ['/coredata', '/publish/projectInfo', APP_ENTRIES[3][0], APP_ENTRIES[4][0]]) await act(page, { kind: 'tab', key: path, ready: readies[path] });
  for (const [app, tab, there, router] of [
    ['vue2', vue2, vue2There, 'Vue 2, hash router'],
    // opening vue2 again evicts react17, now the least recently used
    ['react17', react17, react17There, 'React 17, history router'],
  ] as const) {
    const evicted = await act(page, { kind: 'gone', app, ms: 5000 }).then(
      () => true,
      () => false,
    );
    const reopened = await act(page, { kind: 'tab', key: tab.path, ready: there }).then(
      (ms) => `reopened at ${there.address} in ${ms.toFixed(0)} ms`,
      (error: Error) => `not at ${there.address}: ${error.message.split('\n')[0]}`,
    );
    verdicts.push({
      line: `evicted ${app} (${router}) reopens from its tab at the route it was on: ${evicted ? 'evicted' : 'NOT evicted'}, ${reopened}`,
      met: evicted && reopened.startsWith('reopened'),
    });
  }
  return verdicts;
}

/** Closing every tab of an app frees its sandbox: coredata (two tabs; closing the first leaves it running) and 版本管理 (one). */
async function closedTabsFreeTheirApp(page: Page, all: Place[]): Promise<Verdict> {
  const readies: Record<string, Ready> = { [HOME]: HOME_READY, ...Object.fromEntries(all.map((p) => [p.path, p.ready])) };
  const notes: string[] = [];
  let met = true;
  for (const [app, paths] of [
    ['coredata', ['/coredata/company', '/coredata']],
    ['publish', ['/publish/projectInfo']],
  ] as const) {
    for (const path of paths) if (!(await look(page)).tabs.includes(path)) await act(page, { kind: 'open', place: all.find((p) => p.path === path)! });
    // on screen, so running, before its tabs close
    const last = paths[paths.length - 1];
    await act(page, { kind: 'tab', key: last, ready: readies[last] });
    for (const path of paths.slice(0, -1)) await act(page, { kind: 'close', key: path, readies });
    if (!(await look(page)).sandboxes.includes(app)) {
      met = false;
      notes.push(`${app} DESTROYED while a tab of it was still open`);
    }
    await act(page, { kind: 'close', key: last, readies });
    const freed = await act(page, { kind: 'gone', app, ms: 5000 }).then(
      () => true,
      () => false,
    );
    if (!freed) met = false;
    notes.push(`${app} (${paths.length} tab${paths.length > 1 ? 's' : ''}) ${freed ? 'gone' : 'STILL THERE (iframe or container) 5 s after its last tab closed'}`);
  }
  return { line: `a closed tab frees its sub-app: ${notes.join('; ')}`, met };
}

function report(day: Day, extra: Verdict[], fixedIframes: number): boolean {
  const timesOf = (from: number, to: number) => [...day.times].filter(([i]) => i >= from && i <= to).map(([, ms]) => ms);
  const stat = (label: string, values: number[]) =>
    console.log(`${label.padEnd(34)} p50 ${quantile(values, 0.5).toFixed(0).padStart(5)} ms   p95 ${quantile(values, 0.95).toFixed(0).padStart(5)} ms   (n=${values.length})`);
  console.log('');
  console.log(
    `switches: ${Object.entries(day.counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; at most ${day.maxTabs} tabs open`,
  );
  stat(`switch time, switches 1–${Math.min(CHECKPOINT, SWITCHES)}`, timesOf(1, CHECKPOINT));
  stat(`switch time, switches ${Math.max(1, SWITCHES - CHECKPOINT + 1)}–${SWITCHES}`, timesOf(SWITCHES - CHECKPOINT + 1, SWITCHES));
  if (day.projectMs.length) stat('project change (driven, not timed in-page)', day.projectMs);
  console.log('');

  const warm = day.checkpoints.find((c) => c.at === CHECKPOINT) ?? day.checkpoints[day.checkpoints.length - 1];
  const end = day.checkpoints[day.checkpoints.length - 1].settled;
  const verdicts: Verdict[] = [
    {
      line: `JS heap at the end ${end.heapMb.toFixed(1)} MB vs ${warm.settled.heapMb.toFixed(1)} MB at warm-up (switch ${warm.at}): ${pct(end.heapMb, warm.settled.heapMb)}   (target within 10%)`,
      met: Math.abs(end.heapMb - warm.settled.heapMb) <= 0.1 * warm.settled.heapMb,
    },
    {
      line: `DOM nodes at the end ${end.nodes} vs ${warm.settled.nodes} at warm-up: ${pct(end.nodes, warm.settled.nodes)}   (target within 10%; listeners ${end.listeners} vs ${warm.settled.listeners}, ${pct(end.listeners, warm.settled.listeners)})`,
      met: Math.abs(end.nodes - warm.settled.nodes) <= 0.1 * warm.settled.nodes,
    },
    {
      line:
        `iframes: at most ${day.maxSandboxes} sandboxes alive after any switch, at most ${day.maxIframes} iframes in all (the shell's own at sign-in: ${fixedIframes})` +
        `${day.overLimitAt ? `; over the limit first at switch ${day.overLimitAt.at}: ${day.overLimitAt.sandboxes.join(' ')}` : ''}   (target ≤ ${KEEP_ALIVE} sandboxes, ≤ ${KEEP_ALIVE + fixedIframes} iframes)`,
      met: day.maxSandboxes <= KEEP_ALIVE && day.maxIframes <= KEEP_ALIVE + fixedIframes,
    },
    ...extra,
    { line: `every switch done: ${day.failures.length ? `${day.failures.length} failed (${day.failures.slice(0, 3).join('; ')})` : 'none failed'}`, met: day.failures.length === 0 },
  ];
  for (const v of verdicts) console.log(`${v.met ? 'met    ' : 'MISSED '} ${v.line}`);
  return verdicts.every((v) => v.met);
}

// The built files are served from a copy: a rebuild during a half-hour run does not change what it serves.
const built = mkdtempSync(join(tmpdir(), 'wb-working-day-'));
cpSync(join(root, 'apps/shell/dist'), join(built, 'shell'), { recursive: true });
for (const name of readdirSync(join(root, 'apps/subapps')))
  if (existsSync(join(root, 'apps/subapps', name, 'dist/index.html'))) cpSync(join(root, 'apps/subapps', name, 'dist'), join(built, 'apps/subapps', name, 'dist'), { recursive: true });
const server = startProductServer('working-day', { port, env: () => ({ CORS_ORIGINS: FIXTURE_ORIGIN, SHELL_DIR: join(built, 'shell'), SUBAPPS_DIR: join(built, 'apps/subapps') }) });
const stopFixtures = await startFixtureOrigin(built, port + 1);
let browser: Browser | undefined;
let ok = false;
try {
  await server.healthy();
  const admin = await signedIn(base);
  await registerApps(admin);
  const all = await places(admin);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
  // tsx keeps function names with a helper that page.evaluate's functions do not carry along
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript((limit: number) => {
    if (window === window.top) localStorage.setItem('saber-subAppKeepAlive', JSON.stringify({ dataType: 'number', content: limit, datetime: Date.now() }));
  }, KEEP_ALIVE);
  const page = await context.newPage();
  await login(page);
  await act(page, { kind: 'tab', key: HOME, ready: HOME_READY });
  const signedInLook = await look(page);
  const fixedIframes = signedInLook.iframes - signedInLook.sandboxes.length;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  console.log(
    `a working day: ${SWITCHES} switches (seed ${SEED}), ${all.length - APP_ENTRIES.length} shell pages and ${APP_ENTRIES.length} sub-app entries over ${SANDBOXES.size} sandboxes, ` +
      `keep-alive limit ${KEEP_ALIVE}, at most ${MAX_TABS} tabs; Chromium ${browser.version()}`,
  );
  const day = await workingDay(page, cdp, all);
  const extra = [...(await evictedReopenAtRoute(page, all)), await closedTabsFreeTheirApp(page, all)];
  ok = report(day, extra, fixedIframes);
} catch (error) {
  console.error(error);
} finally {
  await browser?.close();
  await stopFixtures();
  await server.stop();
  rmSync(built, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
