import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminMenus, COREDATA, goTo, inShell, LINK, openInShell, openSubAppPage, openTopMenuHere, OUTSIDE_MENUS, SYSTEM } from './support/menu-pages';
import { openSideMenu, setShellOverride } from './support/micro-apps';
import { buttonName, fillLogin, shownPage } from './support/shell';

/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) on every page of the administrator's
 * menus (系统管理, 主数据 inside its sub-app, the other top menus, the pages outside the
 * menus), on the dialogs, drawers and popups of the shell and of a list, on the login and lock
 * documents and the shell's lock screen, and on the error pages (the shell's own and the
 * server's status documents): in Chinese and in English, in the default theme (theme-hey) and
 * the dark one (PAIRS below: every page in both languages and both themes). Any serious or
 * critical violation fails, listed compactly (rule, impact, colours for contrast, element, how
 * often, the pages); every finding is kept in axe-findings.json beside the run's results.
 *
 * One login per language and theme; the pages are opened in sequence inside the running shell,
 * axe is loaded once per document. 主数据 renders in wujie's open shadow root in the shell's own
 * document (its script runs in a hidden same-origin iframe that draws nothing): axe walks open
 * shadow roots, and a probe put into the sub-app's root proves it does on every run. wujie
 * patches the sub-app's nodes (their root node is the sub-app's document), so axe names them by
 * selectors without the shadow host: the page in the summary says where they are. Frames are
 * not entered (`iframes: false`): the sandboxes draw nothing and the embedded 外部系统 page is a
 * third party's; the <iframe> elements themselves are checked (their title).
 */
test.use({
  // a snapshot of every one of ~400 steps would double the run; a failure lists what axe found
  trace: { mode: 'retain-on-first-failure', snapshots: false, screenshots: false },
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);

/** axe's script, from the copy @axe-core/playwright depends on. */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeNode = AxeResults['violations'][number]['nodes'][number];

interface Finding {
  rule: string;
  impact: string;
  /** where: language · theme › page */
  where: string;
  target: string;
  /** a short description of the element: its tag, classes and text */
  element: string;
  /** colour contrast: foreground on background, the ratio and the one required */
  colours?: string;
}

interface Run {
  label: string;
  findings: Finding[];
  scans: number;
  /** the time axe took, all scans together */
  axeMs: number;
}

/** The words of the scenario's steps in each language. */
const WORDS = {
  zh: {
    login: '登录',
    user: { password: '修改密码', lock: '锁屏', logout: '退出登录' },
    cancel: '取消',
    lockTitle: '设置锁屏密码',
    lockPassword: '锁屏密码',
    unlock: '解锁',
    theme: '主题',
    notices: '通知',
    downloads: '下载/上传中心',
    add: '新增',
  },
  en: {
    login: 'Log in',
    user: { password: 'Change password', lock: 'Lock screen', logout: 'Log out' },
    cancel: 'Cancel',
    lockTitle: 'Set a lock password',
    lockPassword: 'Lock password',
    unlock: 'Unlock',
    theme: 'Theme',
    notices: 'Notices',
    downloads: 'Downloads and uploads',
    add: 'Add',
  },
} as const;
type Language = keyof typeof WORDS;

/** An element as a reader of the summary recognises it: tag, first classes, text. */
function describe(node: AxeNode): string {
  const html = node.html.replace(/\s+/g, ' ');
  const tag = /^<([a-z0-9-]+)/i.exec(html)?.[1] ?? '?';
  const classes = /\bclass="([^"]*)"/.exec(html)?.[1].split(' ').filter(Boolean).slice(0, 2) ?? [];
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 24);
  return `${tag}${classes.map((c) => `.${c}`).join('')}${text ? ` "${text}"` : ''}`;
}

/** The selector axe gives, through shadow roots joined by ' >>> ' (not 主数据's: see above). */
const targetOf = (node: AxeNode) => node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | ');

function coloursOf(node: AxeNode): string | undefined {
  const data = [...node.any, ...node.all, ...node.none].find((check) => check.id === 'color-contrast' || check.id === 'color-contrast-enhanced')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | undefined;
  if (!data?.fgColor) return undefined;
  return `${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1 (${data.expectedContrastRatio} needed)`;
}

/**
 * Runs axe on the document as it is now (or on a part of it) and notes its serious and critical
 * violations, with the page. Answers the results.
 */
async function scan(page: Page, run: Run, where: string, include?: string): Promise<AxeResults> {
  // loaded once per document (the shell is one document for all its pages): the builder is given none to load
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  let builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode().options({ runOnly: { type: 'tag', values: TAGS }, iframes: false, resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const started = Date.now();
  const results = await builder.analyze();
  run.axeMs += Date.now() - started;
  run.scans++;
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      const impact = node.impact ?? violation.impact ?? 'unknown';
      if (!FAILING.has(impact)) continue;
      run.findings.push({ rule: violation.id, impact, where: `${run.label} › ${where}`, target: targetOf(node), element: describe(node), colours: coloursOf(node) });
    }
  }
  return results;
}

/** A long selector's last three steps. */
const shortTarget = (target: string) => (target.length > 100 ? `… > ${target.split(' > ').slice(-3).join(' > ')}` : target);

/** The findings, grouped by rule, colours and element: a line each, with how often and where. */
function summary(findings: Finding[]): string[] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = [finding.rule, finding.impact, finding.colours ?? '', finding.element.replace(/ ".*"$/, '')].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return [...groups.values()]
    .sort((a, b) => b.length - a.length)
    .map((group) => {
      const [first] = group;
      const pages = [...new Set(group.map((f) => f.where))];
      const texts = [...new Set(group.map((f) => /"(.*)"$/.exec(f.element)?.[1]).filter(Boolean))].slice(0, 4);
      return [
        `${first.rule} (${first.impact}) ×${group.length}`,
        first.colours ?? '',
        first.element.replace(/ ".*"$/, '') + (texts.length ? ` ${texts.map((t) => `"${t}"`).join(' ')}` : ''),
        `e.g. ${shortTarget(first.target)}`,
        `on ${pages.length} page(s): ${pages.slice(0, 3).join('; ')}${pages.length > 3 ? '; …' : ''}`,
      ]
        .filter(Boolean)
        .join(' — ');
    });
}

/** Counts by rule, for the report. */
function countsByRule(findings: Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(`${f.rule} (${f.impact})`, (counts.get(`${f.rule} (${f.impact})`) ?? 0) + 1);
  return [...counts.entries()].map(([rule, n]) => `${rule}: ${n}`).join(', ') || 'none';
}

/** Waits for antd's popup (a dropdown, popover, drawer or dialog) to have opened, motion or not. */
async function settled(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect(locator.locator('xpath=ancestor-or-self::*[contains(@class, "-motion-") or contains(@class, "-appear") or contains(@class, "-enter")]')).toHaveCount(0);
}

async function openUserMenu(page: Page): Promise<Locator> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ has: page.getByRole('menuitem') });
  await expect(async () => {
    await page.locator('.wb-user').hover();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

async function closeUserMenu(page: Page): Promise<void> {
  await page.mouse.move(10, 650);
  await page.mouse.move(0, 700);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
}

/** Picks an item of the user menu. */
async function userMenuItem(page: Page, item: string): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: item }).click();
}

/** The dialogs, drawers and popups: each opened, scanned with the page under it, closed. */
async function scanDialogs(page: Page, run: Run, words: (typeof WORDS)[Language]): Promise<void> {
  const header = page.locator('.wb-header');

  // a list's 新增 form (参数管理), and a confirm dialog (删除 of a chosen row)
  const list = await openInShell(page, '/system/param');
  await list.getByRole('button', { name: buttonName(words.add) }).click();
  const form = page.locator('.ant-modal:visible');
  await settled(form);
  await scan(page, run, `${words.add} form /system/param`);
  await form.getByRole('button', { name: buttonName(words.cancel) }).click();
  await expect(form).toHaveCount(0);
  await list.locator('.ant-table-row .ant-checkbox-input').first().check();
  await list
    .locator('.ant-pro-table-list-toolbar')
    .getByRole('button', { name: /删除|Delete/ })
    .click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await settled(confirm);
  await scan(page, run, 'confirm dialog (delete)');
  await confirm.getByRole('button', { name: buttonName(words.cancel) }).click();
  await expect(confirm).toHaveCount(0);

  // the user menu, open
  await openUserMenu(page);
  await scan(page, run, 'user menu open');
  await closeUserMenu(page);

  // 修改密码
  await userMenuItem(page, words.user.password);
  const password = page.getByRole('dialog', { name: words.user.password });
  await settled(password);
  await scan(page, run, words.user.password);
  await password.getByRole('button', { name: buttonName(words.cancel) }).click();
  await expect(password).toHaveCount(0);

  // the confirm of 退出登录
  await userMenuItem(page, words.user.logout);
  const logout = page.locator('.ant-modal-confirm:visible');
  await settled(logout);
  await scan(page, run, `confirm dialog (${words.user.logout})`);
  await logout.getByRole('button', { name: buttonName(words.cancel) }).click();
  await expect(logout).toHaveCount(0);

  // the notices' popover, the theme panel, the downloads drawer, the menu search
  await header.getByRole('button', { name: words.notices }).click();
  const notices = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await settled(notices);
  await scan(page, run, 'notices popover');
  await header.getByRole('button', { name: words.notices }).click();
  await expect(notices).toHaveCount(0);

  await header.getByRole('button', { name: words.theme }).click();
  const themes = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await settled(themes);
  await expect(themes.getByRole('radio').first()).toBeVisible();
  await scan(page, run, 'theme panel');
  await header.getByRole('button', { name: words.theme }).click();
  await expect(themes).toHaveCount(0);

  await header.getByRole('button', { name: words.downloads }).click();
  const drawer = page.locator('.ant-drawer-content-wrapper:visible');
  await settled(drawer);
  await scan(page, run, 'downloads drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const search = page.locator('.ant-modal:visible');
  await settled(search);
  await scan(page, run, 'menu search dialog');
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);

  // the lock: its dialog, the shell's lock screen, the lock document (reloaded), unlocked
  await userMenuItem(page, words.user.lock);
  const lock = page.getByRole('dialog', { name: words.lockTitle });
  await settled(lock);
  await scan(page, run, words.lockTitle);
  await lock.getByLabel(words.lockPassword).fill('lock1234');
  await lock.getByRole('button', { name: buttonName(words.user.lock) }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByLabel(words.lockPassword)).toBeVisible();
  await scan(page, run, 'lock screen');
  await page.reload();
  await expect(page.locator('.wb-lock__card--document')).toBeVisible();
  await scan(page, run, 'lock document');
  await page.getByLabel(words.lockPassword).fill('lock1234');
  await page.getByRole('button', { name: buttonName(words.unlock) }).click();
  await expect(page).not.toHaveURL(/\/lock$/);
  await expect(header).toBeVisible();
}

/** The page on screen (the kept pages of other tabs stay in the document, hidden). */
const SHOWN = '.wb-view > .wb-page:not([hidden])';

/** The English names of the menus of the page shown in the shell (features/menu/menu-names-en.ts). */
const EN_NAMES: Record<string, string> = { 外部系统: 'External systems', 操作手册: 'Manual' };

/** A sub-app on screen: its container in the shell's stage (not in the page, which holds its place). */
const inApp = (serviceName: string) => `.wb-microapp[data-app="${serviceName}"]`;

/**
 * Every page of the menus, and those outside them, in sequence (`sample`: the first of each
 * section and a list of 主数据). The first of each section is scanned with the shell around it
 * (its side menu, the tabs so far), the others on their own.
 */
async function scanMenuPages(page: Page, run: Run, language: Language, sample: boolean): Promise<void> {
  const { sections, deployed } = await adminMenus();
  const some = <T>(pages: T[], count = 1) => (sample ? pages.slice(0, count) : pages);
  const system = (sections.find((section) => section.top.code === SYSTEM)?.pages ?? []).filter((node) => node.path.startsWith('/'));
  expect(system.length).toBeGreaterThan(20);
  for (const [i, menu] of some(system).entries()) {
    await openInShell(page, menu.path);
    await scan(page, run, `${menu.name} ${menu.path}`, i ? SHOWN : undefined);
  }

  const coredata = sections.find((section) => section.top.serviceName === COREDATA);
  expect(coredata, 'a 主数据 top menu').toBeTruthy();
  expect(deployed.has(COREDATA)).toBe(true);
  for (const [i, menu] of some(coredata!.pages, 2).entries()) {
    const app = await openSubAppPage(page, menu.path, COREDATA, true);
    // its own <html>, in the shadow root, is in the shell's language too
    if (i === 0) await expect(app.locator('html').first()).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
    // on its first list: a nameless button put into the sub-app's shadow root is found, so axe looks in there
    if (i === 1) {
      await app.locator('.ant-pro-table').evaluate((el) => el.append(Object.assign(document.createElement('button'), { className: 'axe-probe' })));
      const results = await scan(page, { ...run, findings: [] }, 'probe', inApp(COREDATA));
      await app.locator('.axe-probe').evaluate((el) => el.remove());
      const found = results.violations.find((v) => v.id === 'button-name')?.nodes.some((node) => targetOf(node).includes('axe-probe'));
      expect(found, 'axe reports a nameless button inside 主数据’s shadow root').toBe(true);
    }
    await scan(page, run, `主数据 › ${menu.name} ${menu.path}`, i ? inApp(COREDATA) : undefined);
  }

  const others = sections.filter((section) => section.top.code !== SYSTEM && section.top.serviceName !== COREDATA);
  // a sample: a sub-app not deployed, a deployed one, the pages shown in the shell
  const sampled = [
    others.find((section) => !deployed.has(section.top.serviceName ?? '')),
    others.find((section) => deployed.has(section.top.serviceName ?? '')),
    others.find((section) => !section.top.serviceName),
  ];
  for (const { top, pages } of sample ? sampled.filter((section) => section !== undefined) : others) {
    for (const [i, menu] of some(pages).entries()) {
      const where = `${top.name} › ${menu.name} ${menu.path}`;
      const serviceName = menu.serviceName || top.serviceName;
      let scope = SHOWN;
      if (serviceName) {
        await openSubAppPage(page, menu.path, serviceName, deployed.has(serviceName));
        if (deployed.has(serviceName)) scope = inApp(serviceName);
      } else if (inShell(menu)) {
        // as a user opens it: its top menu, then its entry (by their names in this language)
        const [topName, branch, name] = [top.name, menu.branch ?? top.name, menu.name].map((text) => (language === 'en' ? (EN_NAMES[text] ?? text) : text));
        await openTopMenuHere(page, topName, branch);
        await openSideMenu(page, branch, name);
        await expect(page).toHaveURL(/\/myiframe\//);
        await expect(shownPage(page).locator('iframe.wb-iframe, .ant-result').first()).toBeVisible();
      } else if (!LINK.test(menu.path) && menu.path.startsWith('/')) {
        await openInShell(page, menu.path);
      } else continue;
      await scan(page, run, where, i ? scope : undefined);
    }
  }
  for (const path of some(OUTSIDE_MENUS)) {
    await openInShell(page, path);
    await scan(page, run, path);
  }
}

/** The shell's own error pages, then the server's status documents. */
async function scanErrorPages(page: Page, run: Run): Promise<void> {
  for (const status of ['404', '403', '500']) {
    await goTo(page, `/${status}`);
    await expect(shownPage(page).locator('.ant-result')).toBeVisible();
    await scan(page, run, `the shell's ${status} page`);
  }
  for (const status of ['404', '403', '500']) {
    await page.goto(`/${status}`);
    await expect(page.locator('[class*="-result"]').first()).toBeVisible();
    await scan(page, run, `the ${status} document`);
  }
  await page.goto('/no/such/page/anywhere');
  await scan(page, run, 'an unknown address');
}

const runs: Run[] = [];

/**
 * Every page in Chinese with the default theme and in English with the dark one (each page in
 * both languages and both themes); the other two pairs see the first page of each section, the
 * dialogs and the documents. Four logins, each some 100 scans at most.
 */
const PAIRS = [
  { language: 'zh', theme: 'theme-hey', sample: false },
  { language: 'en', theme: 'theme-dark', sample: false },
  { language: 'en', theme: 'theme-hey', sample: true },
  { language: 'zh', theme: 'theme-dark', sample: true },
] as const;

for (const { language, theme, sample } of PAIRS) {
  test(`axe: ${sample ? 'a page of each menu' : 'every page'}, the dialogs and documents, ${language}, ${theme}`, async ({ page, context }) => {
    test.setTimeout(sample ? 120_000 : 240_000);
    // an embedded third-party page never leaves the machine
    await context.route(/^https:\/\/[^/]+\.example\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: `<h1>${new URL(route.request().url()).pathname}</h1>` }));
    const run: Run = { label: `${language} · ${theme}`, findings: [], scans: 0, axeMs: 0 };
    runs.push(run);
    const words = WORDS[language];

    // the choices of this browser, before the login document reads them
    await page.goto('/login');
    await setShellOverride(page, 'language', language);
    await setShellOverride(page, 'themeName', theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
    await expect(page.locator('#login_password')).toBeVisible();
    await scan(page, run, 'login document');

    await fillLogin(page);
    await page.getByRole('button', { name: buttonName(words.login) }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.locator('.wb-layout')).toHaveClass(new RegExp(theme));
    await expect(page.locator('html').first()).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');

    try {
      await scanMenuPages(page, run, language, sample);
      await scanDialogs(page, run, words);
      await scanErrorPages(page, run);
    } finally {
      // what was found so far, a step failing or not: in the report and beside the run's other results
      test
        .info()
        .annotations.push({ type: 'axe', description: `${run.scans} scans (${Math.round(run.axeMs / 1000)} s in axe); serious/critical by rule: ${countsByRule(run.findings)}` });
      const file = test.info().outputPath('axe-findings.json');
      writeFileSync(file, JSON.stringify(run.findings, null, 1));
      await test.info().attach('axe-findings.json', { path: file, contentType: 'application/json' });
    }
    expect(run.findings.length, `axe, ${run.label}: serious or critical violations in ${run.scans} scans\n  ${summary(run.findings).join('\n  ')}\n`).toBe(0);
  });
}

test.afterAll(() => {
  // what every run found, in one place (the report's stdout)
  for (const run of runs) console.log(`axe ${run.label}: ${run.scans} scans (${Math.round(run.axeMs / 1000)} s in axe), ${countsByRule(run.findings)}`);
});
