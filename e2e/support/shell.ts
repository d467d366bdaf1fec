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

/** The text of the one antd message on screen. */
export function message(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message').getByText(text);
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
