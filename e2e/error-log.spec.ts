import { expect, test } from '@playwright/test';
import { buttonName, confirmDialog, login, message } from './support/shell';

test('error log: an uncaught error shows in the badge, the viewer uploads it after a confirm, clear empties it', async ({ page }) => {
  await login(page);
  const badge = page.locator('.wb-error-badge');
  await expect(badge).toHaveCount(0);

  // an uncaught error and an unhandled rejection in the page
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
    void Promise.reject(new Error('e2e rejected'));
  });
  await expect(badge.locator('.ant-badge-count')).toHaveText('2');

  await badge.getByRole('button', { name: '错误日志' }).click();
  const viewer = page.getByRole('dialog', { name: '错误日志' });
  await expect(viewer.getByText('e2e boom')).toBeVisible();
  await expect(viewer.getByText('e2e rejected')).toBeVisible();
  await expect(viewer.getByText('共 2 条')).toBeVisible();

  await viewer.getByRole('button', { name: buttonName('上传服务器') }).click();
  await expect(confirmDialog(page).getByText('确定上传本地日志到服务器?')).toBeVisible();
  const upload = page.waitForRequest((r) => r.url().endsWith('/us-log/log/saveUsualLog') && r.method() === 'POST');
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  const body = (await upload).postDataJSON() as { type: string; message: string; url: string; time: string }[];
  expect(body.map((e) => e.message).sort()).toEqual(['e2e boom', 'e2e rejected']);
  expect(body[0]).toMatchObject({ type: 'bug', url: expect.stringContaining('/wel/index'), time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
  await expect(message(page, '发送成功!')).toBeVisible();
  await expect(viewer.getByText('暂无错误日志')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(badge).toHaveCount(0);

  // the log survives a reload; /logs shows it as a page; clear asks first
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('e2e after upload');
    }),
  );
  await expect(badge.locator('.ant-badge-count')).toHaveText('1');
  await page.reload();
  await expect(badge.locator('.ant-badge-count')).toHaveText('1');
  await page.goto('/logs');
  await expect(page.locator('.wb-tabs').getByRole('tab', { name: '错误日志' })).toBeVisible();
  await expect(page.getByText('e2e after upload')).toBeVisible();
  await page.getByRole('button', { name: buttonName('清空本地日志') }).click();
  await expect(confirmDialog(page).getByText('确定清空本地日志记录?')).toBeVisible();
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(message(page, '清空成功!')).toBeVisible();
  await expect(page.getByText('暂无错误日志')).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('the badge shows at most 99', async ({ page }) => {
  await login(page);
  await page.evaluate(() => {
    for (let i = 0; i < 120; i++)
      setTimeout(() => {
        throw new Error(`burst ${i}`);
      });
  });
  await expect(page.locator('.wb-error-badge .ant-badge-count')).toHaveText('99+');
});
