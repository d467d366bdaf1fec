import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { row, rows, table } from './support/organisation';
import { ADMIN, buttonName, message, tab } from './support/shell';

/**
 * A whole task with the keyboard only (issue 34): after `page.goto` nothing is clicked, every step
 * is a key press. Log in, open 用户管理 from the menus, search, add a user, close the tab from its
 * context menu, lock and unlock from the user menu, log out. Focus is visible wherever it goes.
 */

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;

async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR ?? `${test.info().project.outputDir}/screens`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Whether the element has focus (or holds it: a select's box, a frame round an input). */
const holdsFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** What has focus, for a failure's message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
  });

/** Presses Tab (Shift+Tab `back`) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${most} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached it; focus is on ${await focused(page)}`);
}

/** The focused element's text. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * Presses `key` until the focused element's text is `text` (the items of a menu). After each press
 * it waits for focus to move: antd's menu moves it on the next frame, later on a loaded machine.
 */
async function arrowTo(page: Page, text: string, key = 'ArrowDown', most = 20): Promise<void> {
  for (let i = 0; i < most; i++) {
    const before = await focusedText(page);
    if (before === text) return;
    await page.keyboard.press(key);
    await expect
      .poll(() => focusedText(page), { timeout: 2_000 })
      .not.toBe(before)
      .catch(() => undefined);
  }
  throw new Error(`${most} presses of ${key} never reached ${text}; focus is on ${await focused(page)}`);
}

/** The outline the focused element (or the frame round it) shows. */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toHaveCSS('outline-style', 'solid');
  const width = await target.evaluate((element) => parseFloat(getComputedStyle(element).outlineWidth));
  expect(width).toBeGreaterThanOrEqual(2);
}

/** The open dropdown of a select or tree select. */
const selectDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks a node of the (multiple, searchable) tree select that has focus: typed, ↓ to it, Enter; Tab leaves it. */
async function pickByKeyboard(page: Page, title: string): Promise<void> {
  await page.keyboard.type(title);
  await expect(selectDropdown(page).locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`)).toBeVisible();
  const active = selectDropdown(page).locator('.ant-select-tree-treenode-active .ant-select-tree-node-content-wrapper');
  for (let i = 0; i < 10 && (await active.getAttribute('title').catch(() => null)) !== title; i++) await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('title', title);
  await page.keyboard.press('Enter');
}

test('a whole task by keyboard: log in, 用户管理, search, add, close the tab, lock, unlock, log out', async ({ page }) => {
  const s = suffix();
  const account = `kb${s}`;
  const realName = `键盘${s}`;
  const lockPassword = 'lock1234';

  // ── log in ──
  await page.goto('/login');
  await expect(page.getByRole('button', { name: buttonName('登录') })).toBeEnabled();
  await tabTo(page, page.locator('#login_username'));
  await page.keyboard.type(ADMIN.account);
  await page.keyboard.press('Tab');
  await expect(page.locator('#login_password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(tab(page, '工作台')).toBeVisible();

  // ── the skip link comes first, shows when focused and leads to the page ──
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusRing(skip);
  await snap(page, 'keyboard-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#wb-main')).toBeFocused();

  // ── the logo and the menu search show focus ──
  const logo = page.locator('a.wb-logo');
  await tabTo(page, logo, { back: true });
  await expectFocusRing(logo);
  const search = page.locator('.wb-menu-autocomplete');
  await tabTo(page, search);
  await expectFocusRing(search.locator('.ant-input-affix-wrapper'));

  // ── 用户管理 from the menus: the top menu's 系统管理, then the side menu ──
  const topMenu = page.locator('.wb-top-menu');
  await tabTo(page, topMenu, { back: true });
  await arrowTo(page, '系统管理', 'ArrowRight');
  await page.keyboard.press('Enter');
  const side = page.locator('.wb-side-menu');
  await expect(side).toBeVisible();
  await tabTo(page, side);
  const users = side.getByRole('menuitem', { name: '用户管理' });
  for (let i = 0; i < 20 && !(await holdsFocus(users)); i++) {
    // a closed branch opens with Enter; otherwise on down the list
    const closedBranch = await page.evaluate(() => {
      const title = document.activeElement?.closest('.ant-menu-submenu-title');
      return !!title && title.getAttribute('aria-expanded') !== 'true';
    });
    await page.keyboard.press(closedBranch ? 'Enter' : 'ArrowDown');
  }
  await expect(users).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tab(page, '用户管理')).toBeVisible();
  const list = table(page, '用户管理');
  await expect(rows(list).first()).toBeVisible();

  // ── search: the query form's 登录账号, Enter ──
  const accountQuery = page.locator('#user-search_account');
  await tabTo(page, accountQuery);
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
  await expect(rows(list)).toHaveCount(1);
  await expect(row(list, 'admin', true)).toBeVisible();

  // ── add a user: 新增, the form, 确定 ──
  const add = list.getByRole('button', { name: buttonName('新增') });
  await tabTo(page, add);
  await expectFocusRing(add);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('form#user-form') });
  await expect(dialog.getByText('新增用户')).toBeVisible();
  await tabTo(page, dialog.locator('#user-form_account'));
  await page.keyboard.type(account);
  await tabTo(page, dialog.locator('#user-form_password'));
  await page.keyboard.type('Keyboard123');
  await tabTo(page, dialog.locator('#user-form_password__confirm'));
  await page.keyboard.type('Keyboard123');
  await tabTo(page, dialog.locator('#user-form_name'));
  await page.keyboard.type(`昵称${s}`);
  await tabTo(page, dialog.locator('#user-form_realName'));
  await page.keyboard.type(realName);
  await tabTo(page, dialog.locator('#user-form_roleId'));
  await pickByKeyboard(page, '用户');
  await tabTo(page, dialog.locator('#user-form_deptId'));
  await expect(selectDropdown(page)).toHaveCount(0);
  await pickByKeyboard(page, '运营中心');
  const ok = dialog.getByRole('button', { name: buttonName('确定') });
  await tabTo(page, ok);
  await expect(selectDropdown(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(message(page, '新增成功')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // the dialog gives focus back to 新增
  await expect(add).toBeFocused();
  // the new user in the list: searched by its account
  await tabTo(page, accountQuery, { back: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(account);
  await page.keyboard.press('Enter');
  await expect(rows(list)).toHaveCount(1);
  await expect(row(list, account, true)).toBeVisible();
  await expect(row(list, realName, true)).toBeVisible();

  // ── close the tab from its context menu (Shift+F10 on the focused tab) ──
  const userTab = page.locator('.wb-tabs .ant-tabs-tab-active [role="tab"]').filter({ hasText: '用户管理' });
  await tabTo(page, userTab, { back: true });
  await expectFocusRing(userTab);
  await page.keyboard.press('Shift+F10');
  const tabMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(tabMenu.getByRole('menuitem', { name: '关闭当前' })).toBeVisible();
  // the menu takes focus, on its first item
  await expect(tabMenu.getByRole('menuitem').first()).toBeFocused();
  await arrowTo(page, '关闭当前');
  await page.keyboard.press('Enter');
  await expect(tab(page, '用户管理')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/system\/user$/);
  // focus stays in the tab bar, on the tab shown now
  await expect(page.locator('.wb-tabs .ant-tabs-tab-active [role="tab"]').first()).toBeFocused();

  // ── the user menu: Enter opens it, its items by the arrows; Escape back to the button ──
  const userButton = page.locator('.wb-user');
  await tabTo(page, userButton, { back: true });
  await expectFocusRing(userButton);
  await expect(userButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const userMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(userMenu.getByRole('menuitem', { name: '个人信息' })).toBeFocused();
  await expect(userButton).toHaveAttribute('aria-expanded', 'true');
  await arrowTo(page, '我的套餐');
  await expect(userMenu.getByRole('menuitem', { name: '我的套餐' })).toBeFocused();
  await snap(page, 'keyboard-user-menu');
  await page.keyboard.press('Escape');
  await expect(userMenu).toHaveCount(0);
  await expect(userButton).toBeFocused();

  // ── lock: ↓ opens the menu, 锁屏 asks for a lock password; unlock on the lock screen ──
  await page.keyboard.press('ArrowDown');
  await arrowTo(page, '锁屏');
  await page.keyboard.press('Enter');
  const lockDialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await expect(lockDialog).toBeVisible();
  await expect(lockDialog.getByLabel('锁屏密码')).toBeFocused();
  await page.keyboard.type(lockPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByText('屏幕已锁定').first()).toBeVisible();
  await expect(page.getByLabel('锁屏密码')).toBeFocused();
  await page.keyboard.type('wrong-one');
  await page.keyboard.press('Enter');
  await expect(page.getByText('锁屏密码错误')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(lockPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.wb-header')).toBeVisible();

  // ── log out: Space opens the user menu, 退出登录, the confirmation's 确定 ──
  await tabTo(page, userButton);
  await page.keyboard.press('Space');
  await expect(userMenu.getByRole('menuitem', { name: '个人信息' })).toBeFocused();
  await arrowTo(page, '退出登录');
  await page.keyboard.press('Enter');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.getByText('退出系统, 是否继续?')).toBeVisible();
  // Escape cancels it, back on the user button; once more, and Enter on its 确定
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(userButton).toBeFocused();
  await page.keyboard.press('Enter');
  await arrowTo(page, '退出登录');
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: buttonName('确定') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#login_password')).toBeVisible();
});
