import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownServer } from './support/own-server';
import { SUBSCRIBE_PORT } from './support/servers';
import { closeDropdown, dropdown, formDialog, openAdminPage, pickOption, row, selectOf, submit, table } from './support/organisation';
import { buttonName, login, loginAs, userMenu } from './support/shell';

/**
 * Subscription packages (shell spec §2 'Dialogs', §3, §4 'Expiry reminder'), on a server of their
 * own: a package about to end reminds its project's users, which would interrupt every other
 * scenario there. The browser's clock is moved (page.clock); the server's is the real one, so the
 * package ends ten real days from now and the moved clock starts on the real date.
 */
const base = ownServer({ name: 'subscription', port: SUBSCRIBE_PORT, env: { CAPTCHA_ENABLED: 'false' } });
test.describe.configure({ mode: 'serial' });

const pad = (n: number) => String(n).padStart(2, '0');
/** The local date `days` from today, 'yyyy-MM-dd'. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** Today at hh:mm, local time. */
function todayAt(hours: number, minutes: number): Date {
  const d = new Date();
  d.setHours(hours, minutes, 0, 0);
  return d;
}
const END_DATE = dayFromToday(10);

/** Types a date into a date picker of the form and confirms it. */
async function fillDate(dialog: Locator, id: string, value: string): Promise<void> {
  const input = dialog.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const reminder = (page: Page) => page.locator('.wb-expiry-reminder');
const packageDialog = (page: Page) => page.locator('.wb-package-dialog');
/** Clicks a button of the reminder: it goes, and the server records the dismissal. */
async function answerReminder(page: Page, button: '关闭' | '查看详情'): Promise<void> {
  const recorded = page.waitForResponse((res) => res.url().includes('/subscribe/notify/dismiss') && res.status() === 200);
  await reminder(page)
    .getByRole('button', { name: buttonName(button) })
    .click();
  await recorded;
  await expect(reminder(page)).toBeHidden();
}
/** The value beside a label of 我的套餐. */
const detail = (page: Page, label: string) =>
  packageDialog(page)
    .locator('.ant-descriptions-row')
    .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-descriptions-item-content');

test('订阅套餐: an administrator adds a package for a project; its user sees it as 我的套餐, -1 as 不限', async ({ page }) => {
  await login(page);
  await openAdminPage(page, '基础数据', '订阅套餐', '/base/subscribe');
  const packages = table(page, /^订阅套餐$/);
  await packages.getByRole('button', { name: buttonName('新增') }).click();
  const dialog = formDialog(page, 'subscribepackage');
  await dialog.locator('#subscribepackage-form_packageName').fill('深圳湾标准套餐');
  await pickOption(page, selectOf(dialog, 'subscribepackage-form_companyId'), '城市服务集团');
  await pickOption(page, selectOf(dialog, 'subscribepackage-form_projectId'), '深圳湾科技园');
  await dialog.locator('#subscribepackage-form_level').fill('标准版');
  await dialog.locator('#subscribepackage-form_accountNum').fill('50');
  await dialog.locator('#subscribepackage-form_deviceNum').fill('200');
  await selectOf(dialog, 'subscribepackage-form_systemAccess').click();
  for (const name of ['运营工作台', '主数据'])
    await dropdown(page)
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  await closeDropdown(page);
  await fillDate(dialog, 'subscribepackage-form_startDate', dayFromToday(-355));
  await fillDate(dialog, 'subscribepackage-form_endDate', END_DATE);
  await submit(dialog);
  await expect(dialog).toBeHidden();
  await expect(row(packages, '深圳湾标准套餐')).toContainText('按人员');

  // the plain user picks 深圳湾科技园 first (the first city's first project)
  const browser = page.context().browser()!;
  const userContext = await browser.newContext({ baseURL: base, locale: 'zh-CN', reducedMotion: 'reduce' });
  const user = await userContext.newPage();
  // before 09:00: no reminder gets in the way here
  await user.clock.install({ time: todayAt(8, 0) });
  await loginAs(user, 'user', 'admin123');
  await userMenu(user, '我的套餐');
  await expect(detail(user, '套餐名称')).toHaveText('深圳湾标准套餐');
  await expect(detail(user, '适用范围')).toHaveText('深圳湾科技园');
  await expect(detail(user, '套餐类型')).toHaveText('按人员');
  await expect(detail(user, '套餐等级')).toHaveText('标准版');
  await expect(detail(user, '账号数')).toHaveText('50');
  await expect(detail(user, '人员数')).toHaveText('不限');
  await expect(detail(user, '设备数')).toHaveText('200');
  await expect(detail(user, '开通系统')).toHaveText('运营工作台、主数据');
  await expect(detail(user, '开始日期')).toHaveText(dayFromToday(-355));
  await expect(detail(user, '结束日期')).toHaveText(END_DATE);
  await userContext.close();
});

test('the expiry reminder: not before 09:00, then once; closed, not again that day, even elsewhere; the next day again, its detail 我的套餐', async ({ page }) => {
  await page.clock.install({ time: todayAt(8, 30) });
  await loginAs(page, 'user', 'admin123');
  // checked at mount: before 09:00 the server is not even asked
  await page.waitForTimeout(2000);
  await expect(reminder(page)).toHaveCount(0);

  // the ten-minute check after 09:00
  await page.clock.fastForward('01:00:00');
  await expect(reminder(page)).toBeVisible();
  await expect(reminder(page)).toContainText('套餐到期提醒');
  await expect(reminder(page)).toContainText(`您的订阅套餐「深圳湾标准套餐」将于 ${END_DATE} 到期, 到期后将无法新增人员及物联网设备`);
  await page.screenshot({ path: test.info().outputPath('expiry-reminder.png') });
  await answerReminder(page, '关闭');

  // the same day: not at the next check, not after a reload
  await page.clock.fastForward('00:10:00');
  await page.waitForTimeout(1000);
  await expect(reminder(page)).toBeHidden();
  await page.reload();
  await expect(page.locator('.wb-header')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(reminder(page)).toBeHidden();
  // nor on a browser without the day's key: the server knows it was closed today
  await page.evaluate(() => Object.keys(localStorage).forEach((k) => k.includes('subscribeReminder-') && localStorage.removeItem(k)));
  const asked = page.waitForResponse((res) => res.url().includes('/subscribe/notify/list'));
  await page.reload();
  expect((await (await asked).json()).data[0]).toMatchObject({ dismissed: true });
  await page.waitForTimeout(1000);
  await expect(reminder(page)).toBeHidden();

  // the next day, after 09:00: once more; 查看详情 records it too and opens 我的套餐
  await page.clock.fastForward(24 * 3600 * 1000);
  await expect(reminder(page)).toBeVisible();
  await answerReminder(page, '查看详情');
  await expect(detail(page, '套餐名称')).toHaveText('深圳湾标准套餐');
  await expect(detail(page, '结束日期')).toHaveText(END_DATE);
  await page.screenshot({ path: test.info().outputPath('my-package.png') });
});
