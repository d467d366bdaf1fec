import { expect, test } from '@playwright/test';
import { login } from './support/shell';

/** The shell's fixed routes that only pass the user on: /home and /authredirect (shell spec §2). */
test.describe('relay pages', () => {
  test('/home goes to the first page', async ({ page }) => {
    await login(page);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('/authredirect opened in place takes the provider’s answer to the login page, which finishes the login', async ({ page }) => {
    await page.goto('/authredirect?source=gitee&code=not-a-code&state=not-a-state');
    // the login page read the answer (and took the single-use code out of the address), then tried it
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.login-failure')).toBeVisible();
  });

  test('/authredirect in a window the login page opened hands the answer back and closes', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('.login-failure')).toHaveCount(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => void window.open('/authredirect?source=gitee&code=not-a-code&state=not-a-state'))]);
    await popup.waitForEvent('close');
    await expect(page.locator('.login-failure')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('/test/index, the self-check: the server answers, its database is up, the clocks agree', async ({ page }) => {
  await login(page);
  await page.goto('/test/index');
  const card = page.locator('.ant-card').filter({ hasText: '系统自检' });
  await expect(card.getByText(/^pglite · up$|^postgres · up$/)).toBeVisible();
  await expect(card.getByText(/^\d+ ms$/)).toBeVisible();
  await expect(card.getByText(/服务端比本机快 -?[0-2] 秒/)).toBeVisible();
  await expect(page.locator('.wb-tabs, .ant-tabs').getByText('系统自检').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('self-check.png') });
});
