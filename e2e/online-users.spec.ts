import { expect, test, type Page } from '@playwright/test';
import { signedIn, unique } from './support/api';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, confirmDialog, login, loginAs, message, openParamPage, shownPage, tab } from './support/shell';

/*
 * Issue 31: an administrator ends another user's session (在线用户), everyone reads all their
 * notices and reminders (消息中心), and a read-only user sees the initial passwords masked.
 */
const base = baseUrl(MAIN_PORT);

async function openSystemPage(page: Page, name: string, path: RegExp): Promise<void> {
  await page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' }).click();
  const side = page.locator('.wb-side-menu');
  const item = side.getByRole('menuitem', { name });
  // the branch may still be unfolding (or folded by the page the top menu opened): retried until the item takes the click
  await expect(async () => {
    if (!(await item.isVisible())) await side.locator('.ant-menu-submenu-title').filter({ hasText: '系统管理' }).click({ timeout: 2000 });
    await item.click({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(path);
  await expect(tab(page, name)).toBeVisible();
}

test('参数管理: the plain user reads the initial passwords masked, in the list and the view', async ({ page }) => {
  await loginAs(page, 'user', 'admin123');
  await openParamPage(page);
  const row = shownPage(page).locator('.ant-table-tbody tr').filter({ hasText: 'tenant.default.password' });
  await expect(row).toContainText('******');
  await expect(row).not.toContainText('Admin1234');
  await expect(shownPage(page).locator('.ant-table-tbody tr').filter({ hasText: 'account.initPassword' })).toContainText('******');
  // a parameter that is no secret reads in clear
  await expect(shownPage(page).locator('.ant-table-tbody tr').filter({ hasText: 'account.failCount' })).toContainText('5');
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/param-masked.png` });
});

test('在线用户: the plain user has no such menu; an administrator ends the user’s session and the user’s next request goes to the login page', async ({ page, browser }) => {
  // two users signed in by turns: more than the default minute on a loaded machine
  test.setTimeout(120_000);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await loginAs(userPage, 'user', 'admin123');
  await userPage.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' }).click();
  await expect(userPage.locator('.wb-side-menu').getByRole('menuitem', { name: '参数管理' })).toBeVisible();
  await expect(userPage.locator('.wb-side-menu').getByText('在线用户')).toHaveCount(0);

  await login(page);
  await openSystemPage(page, '在线用户', /\/system\/online-user$/);
  const rows = shownPage(page).locator('.wb-online-users .ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: '当前会话' })).toHaveCount(1);
  await shownPage(page).locator('#online-user-search_account').fill('user');
  await page.getByRole('button', { name: buttonName('查询') }).click();
  const theirs = rows.filter({ hasText: '运营专员' });
  await expect(theirs.first()).toBeVisible();
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/online-users.png` });
  const count = await theirs.count();
  // end each of the user's sessions (other scenarios may have left some open)
  for (let i = 0; i < count; i++) {
    await theirs.first().getByText('强制下线').click();
    await confirmDialog(page)
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(message(page, '已强制下线').first()).toBeVisible();
    await expect(theirs).toHaveCount(count - i - 1);
  }

  // the user's next request (another page's list: 参数管理 is already on screen): refused, and the shell goes to the login page
  await userPage.locator('.wb-side-menu').getByRole('menuitem', { name: '消息中心' }).click();
  await expect(userPage).toHaveURL(/\/login/, { timeout: 20_000 });
  await userContext.close();
});

test('消息中心: every user has it; 未读 and 已读 filter the reminders, and opening one moves it', async ({ page }) => {
  // two reminders for the plain user, one read already
  const admin = await signedIn(base);
  const users = (await admin<{ records: { id: string; account: string }[] }>('GET', '/us-user/page?current=1&size=10&account=user')).data.records;
  const userId = users.find((u) => u.account === 'user')!.id;
  const [readOne, unreadOne] = [unique('已处理提醒'), unique('待处理提醒')];
  const created: string[] = [];
  for (const content of [readOne, unreadOne]) created.push((await admin<{ id: string }>('POST', '/us-system/message-notify/submit', { userId, content, url: '' })).data.id);
  const user = await signedIn(base, 'user', 'admin123');
  await user('POST', '/us-system/message-notify/updateMessageNotifyUser', { id: created[0], readStatus: 1 });

  await loginAs(page, 'user', 'admin123');
  await page.locator('.wb-top-menu').getByRole('menuitem', { name: '系统管理' }).click();
  await page.locator('.wb-side-menu').getByRole('menuitem', { name: '消息中心' }).click();
  await expect(page).toHaveURL(/\/message-center$/);
  const centre = shownPage(page).locator('.wb-message-center');
  await centre.getByRole('tab', { name: '督办提醒' }).click();
  const panel = centre.locator('.ant-tabs-tabpane-active');
  const rows = panel.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: readOne })).toContainText('已读');
  await expect(rows.filter({ hasText: unreadOne })).toContainText('未读');

  await panel.locator('.wb-message-center__filter').getByText('未读').click();
  await expect(rows.filter({ hasText: unreadOne })).toBeVisible();
  await expect(rows.filter({ hasText: readOne })).toHaveCount(0);
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/message-centre-unread.png` });
  await panel.locator('.wb-message-center__filter').getByText('已读').click();
  await expect(rows.filter({ hasText: readOne })).toBeVisible();
  await expect(rows.filter({ hasText: unreadOne })).toHaveCount(0);

  // opening the unread one marks it read: it moves to 已读
  await panel.locator('.wb-message-center__filter').getByText('未读').click();
  await rows.filter({ hasText: unreadOne }).getByText(unreadOne).click();
  await expect(rows.filter({ hasText: unreadOne })).toHaveCount(0);
  await panel.locator('.wb-message-center__filter').getByText('已读').click();
  await expect(rows.filter({ hasText: unreadOne })).toContainText('已读');
});
