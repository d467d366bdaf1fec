import { expect, type Locator, type Page } from '@playwright/test';
import { signedIn } from './api';
import { openTopMenu } from './micro-apps';
import { buttonName, confirmDialog, tab } from './shell';

/**
 * The admin pages built from resource definitions (packages/contracts/src/resources/org.ts)
 * as a tenant administrator sees them: a ProTable per resource, its add / edit dialog
 * named `<def.name>-form`, its search form `<def.name>-search`.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pageOf = (scope: Page | Locator): Page => ('page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page));

/**
 * Opens an admin page from the 系统管理 top menu: its side-menu branch, then the page.
 * The top menu opens its first page and unfolds that page's branch as it settles, so
 * a branch is unfolded only when it is not, and the whole pick is retried.
 */
export async function openAdminPage(page: Page, branch: string, name: string, path: string): Promise<void> {
  await openTopMenu(page, '系统管理');
  const side = page.locator('.wb-side-menu');
  const item = side.locator('.ant-menu-item').filter({ hasText: new RegExp(`^\\s*${escape(name)}\\s*$`) });
  const submenu = side
    .locator('.ant-menu-submenu')
    .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: branch }) })
    .first();
  await expect(async () => {
    if (!(await item.isVisible())) {
      const open = await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open'));
      if (!open) await submenu.locator('.ant-menu-submenu-title').first().click({ timeout: 1000 });
    }
    await item.click({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(tab(page, name)).toBeVisible();
}

/** A ProTable of the page, by the start of its header title ('系统字典', '系统字典 · 岗位类型'). */
export function table(page: Page, title: string | RegExp): Locator {
  const heading = typeof title === 'string' ? new RegExp(`^${escape(title)}`) : title;
  return page.locator('.ant-pro-table').filter({ has: page.locator('.ant-pro-table-list-toolbar-title').filter({ hasText: heading }) });
}

/** The data rows of a table (not the placeholder row of an empty table). */
export function rows(scope: Page | Locator): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row');
}

/** The data row whose cells hold `text` (a cell's whole text when `exact`). */
export function row(scope: Page | Locator, text: string, exact = false): Locator {
  if (!exact) return rows(scope).filter({ hasText: text });
  const whole = new RegExp(`^\\s*${escape(text)}\\s*$`);
  return rows(scope).filter({ has: pageOf(scope).locator('td').filter({ hasText: whole }) });
}

/** The cell of `rowLocator` under the column titled `column` of `tableLocator`. */
export async function cell(tableLocator: Locator, rowLocator: Locator, column: string): Promise<Locator> {
  const titles = await tableLocator.locator('.ant-table-thead > tr > th').allInnerTexts();
  const index = titles.findIndex((t) => t.trim() === column);
  if (index < 0) throw new Error(`no column ${column} in [${titles.join(' | ')}]`);
  return rowLocator.locator('> td').nth(index);
}

/** The open add / edit dialog of a resource (its form is `<name>-form`). */
export function formDialog(page: Page, name: string): Locator {
  return page.locator('.ant-modal').filter({ has: page.locator(`form#${name}-form`) });
}

/** Clicks 确定 in a dialog. */
export async function submit(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
}

/** Confirms the open confirm dialog, after checking its question. */
export async function confirm(page: Page, question: string): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog.getByText(question)).toBeVisible();
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(dialog).toHaveCount(0);
}

/** The open dropdown of a select or tree select. */
export function dropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/** The option labels an open select dropdown lists. */
export function optionLabels(page: Page): Locator {
  return dropdown(page).locator('.ant-select-item-option-content');
}

/** Picks an option of a (dict, select) field of a form by its label. */
export async function pickOption(page: Page, field: Locator, label: string): Promise<void> {
  await field.click();
  await dropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escape(label)}$`) })
    .click();
  await expect(dropdown(page)).toHaveCount(0);
}

/**
 * Picks nodes of a tree select by their titles. A multiple one stays open: it is
 * closed by a click on the title of the dialog it is in (Escape would close the dialog too).
 */
export async function pickTreeNodes(page: Page, field: Locator, titles: string[]): Promise<void> {
  await field.click();
  for (const title of titles) {
    await dropdown(page).locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`).click();
  }
  if (await dropdown(page).count()) await closeDropdown(page);
  await expect(dropdown(page)).toHaveCount(0);
}

/** Closes an open dropdown by a click on the title of the top dialog. */
export async function closeDropdown(page: Page): Promise<void> {
  await page.locator('.ant-modal-title').last().click();
  await expect(dropdown(page)).toHaveCount(0);
}

/** The expander of a tree row (antd's expand icon; absent on a leaf). */
export function expander(rowLocator: Locator): Locator {
  return rowLocator.locator('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
}

/** Unfolds a tree row, unless it is unfolded already. */
export async function expandRow(rowLocator: Locator): Promise<void> {
  const icon = expander(rowLocator);
  await expect(icon).toBeVisible();
  if (await icon.evaluate((el) => el.classList.contains('ant-table-row-expand-icon-collapsed'))) await icon.click();
  await expect(icon).toHaveClass(/ant-table-row-expand-icon-expanded/);
}

/** The id of the tenant's root department (the one at the top of the tree). */
export async function rootDeptId(base: string): Promise<string> {
  const admin = await signedIn(base);
  const top = await admin<{ id: string; deptName: string }[]>('GET', '/us-system/dept/lazy-list');
  if (!top.data.length) throw new Error('no department at the top');
  return top.data[0].id;
}

/** Adds a department through the API; answers its id. */
export async function addDept(base: string, deptName: string, parentId: string): Promise<string> {
  const admin = await signedIn(base);
  const res = await admin<{ id: string }>('POST', '/us-system/dept/submit', { deptName, fullName: deptName, parentId, deptCategory: 2, sort: 1 });
  if (!res.success) throw new Error(`could not add dept ${deptName}: ${res.msg}`);
  return res.data.id;
}

/** The id of a role by its name (from the role tree). */
export async function roleId(base: string, roleName: string): Promise<string> {
  const admin = await signedIn(base);
  const tree = await admin<{ id: string; title: string; children?: unknown[] }[]>('GET', '/us-system/role/tree');
  const found = tree.data.find((n) => n.title === roleName);
  if (!found) throw new Error(`no role ${roleName}`);
  return found.id;
}

/** Adds a user through the API; answers its id. */
export async function addUser(base: string, user: { account: string; password: string; realName: string; roleId: string; deptId: string }): Promise<string> {
  const admin = await signedIn(base);
  const res = await admin<{ id: string }>('POST', '/us-user/submit', { ...user, name: user.realName, userType: 1 });
  if (!res.success) throw new Error(`could not add user ${user.account}: ${res.msg}`);
  return res.data.id;
}

/** The select (or tree select) of a form whose input has the id `inputId` ('post-form_category'). */
export function selectOf(scope: Page | Locator, inputId: string): Locator {
  return scope.locator('.ant-select').filter({ has: pageOf(scope).locator(`#${inputId}`) });
}

/**
 * Searches a resource's list: fills the search form `<name>-search` (opening its
 * collapsed fields when needed) and presses 查询.
 */
export async function search(page: Page, name: string, values: Record<string, string>): Promise<void> {
  const form = page.locator(`form#${name}-search`);
  for (const [field, value] of Object.entries(values)) {
    const input = form.locator(`#${name}-search_${field}`);
    if (!(await input.isVisible())) await form.getByText('展开', { exact: true }).click();
    await input.fill(value);
  }
  await form.getByRole('button', { name: buttonName('查询') }).click();
}

/** Reloads a ProTable with its toolbar's reload icon. */
export async function reloadTable(tableLocator: Locator): Promise<void> {
  await tableLocator.locator('.ant-pro-table-list-toolbar-setting-item [aria-label="reload"]').click();
}
