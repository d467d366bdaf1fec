import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { tenantId: '000000', account: 'admin', password: 'admin123' };

/**
 * A button's accessible name: antd puts a space between two Chinese characters
 * ('确 定'), and an icon adds its name in front ('plus 新增').
 */
export const buttonName = (text: string) => new RegExp(`^\\s*(?:[a-z-]+ )?${[...text].join('\\s?')}\\s*$`);

export async function fillLogin(page: Page, account = ADMIN.account, password = ADMIN.password): Promise<void> {
  await page.locator('#login_username').fill(account);
  await page.locator('#login_password').fill(password);
}

/** Logs in through the login page and waits for the workbench. */
export async function login(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** A refusal the login page shows above its button (the login document has no antd messages). */
export function loginFailure(page: Page, text: string | RegExp): Locator {
  return page.locator('.login-failure').getByText(text);
}

/** Why the last session ended, as the login page says it (password changed, session expired). */
export function loginNotice(page: Page, text: string | RegExp): Locator {
  return page.locator('.login-notice').getByText(text);
}

/** The text of the one antd message on screen. */
export function message(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message').getByText(text);
}

/** The page on screen: the pages of other open tabs stay in the document, hidden (kept alive). */
export function shownPage(page: Page): Locator {
  return page.locator('.wb-view > .wb-page:not([hidden])');
}

export function tab(page: Page, label: string): Locator {
  return page.locator('.wb-tabs').getByRole('tab', { name: label });
}

/** The open confirm dialog (logout, delete, clear cache). */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm');
}

export async function openParamPage(page: Page): Promise<void> {
  await page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' }).click();
  const side = page.locator('.wb-side-menu');
  await expect(side).toBeVisible();
  await side.getByRole('menuitem', { name: '参数管理' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(tab(page, '参数管理')).toBeVisible();
}

/** Picks an item of the user dropdown in the header. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.locator('.wb-user').hover();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Logs out from the user menu and confirms. Done when the login document shows:
 * a page opened sooner would still find the token and lead back into the app, and
 * one opened while the shell hands /login over to that document interrupts it.
 */
export async function logout(page: Page): Promise<void> {
  await userMenu(page, '退出登录');
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#login_password')).toBeVisible();
  await page.waitForLoadState('load');
}

/** The text the project picker shows. */
export function pickerValue(page: Page): Locator {
  return page.locator('.wb-project-picker .ant-select-selection-item');
}

/** A value the shell keeps in localStorage under the stored-value wrapper. */
export async function storedValue<T = unknown>(page: Page, name: string): Promise<T | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(`saber-${key}`);
    return raw ? (JSON.parse(raw) as { content: unknown }).content : null;
  }, name) as Promise<T | null>;
}

/** Logs in as another account through the login page. */
export async function loginAs(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, account, password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** The open dropdown of the project picker. */
export function pickerDropdown(page: Page): Locator {
  return page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
}

/** Opens the project picker (it may still be open or focused from a previous pick). */
export async function openPicker(page: Page): Promise<void> {
  const dropdown = pickerDropdown(page);
  // A click on a picker that is still focused from the last pick may toggle it shut: try again.
  await expect(async () => {
    if (!(await dropdown.isVisible())) await page.locator('.wb-project-picker .ant-select-selector').click();
    await expect(dropdown).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
}

/** Types into the picker's search box. */
export async function searchProject(page: Page, text: string): Promise<void> {
  await openPicker(page);
  await page.locator('.wb-project-picker input').fill(text);
}
