import { expect, test } from '@playwright/test';
import { login } from './support/shell';

test.describe('embedded and outside pages', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('/myiframe embeds this site and allow-listed hosts, refuses others with a link to a new window', async ({ page, context }) => {
    await context.route('https://report.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>report</h1>' }));
    await page.goto('/myiframe/urlPath?src=https%3A%2F%2Freport.example.com%2Fdaily&name=日报');
    await expect(page.locator('iframe.wb-iframe')).toHaveAttribute('src', 'https://report.example.com/daily');
    await expect(page.frameLocator('iframe.wb-iframe').getByRole('heading', { name: 'report' })).toBeVisible();
    await expect(page.locator('.wb-tabs').getByRole('tab', { name: '日报' })).toBeVisible();

    await page.goto('/myiframe/urlPath?src=%2Fhealth&name=health');
    await expect(page.locator('iframe.wb-iframe')).toHaveAttribute('src', /\/health$/);

    await page.goto('/myiframe/urlPath?src=https%3A%2F%2Fevil.example.net%2Fphish&name=x');
    await expect(page.getByText('该地址不在允许嵌入的名单中')).toBeVisible();
    await expect(page.getByText('evil.example.net')).toBeVisible();
    await expect(page.locator('iframe.wb-iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '在新窗口打开' })).toHaveAttribute('href', 'https://evil.example.net/phish');

    await page.goto('/myiframe/urlPath?src=javascript%3Aalert(1)&name=x');
    await expect(page.getByText('仅可嵌入 http 或 https 地址')).toBeVisible();
    await expect(page.locator('iframe.wb-iframe')).toHaveCount(0);
  });

  // /parking goes on to the parking system (outside-pages.spec.ts)
  test('pages outside the shell show without header and sidebar, and say what they are', async ({ page }) => {
    for (const [path, title] of [
      ['/work/trajectoryPage', '轨迹回放'],
      ['/work/trajectoryPerson', '人员轨迹'],
      ['/batchDialogFullScreen', '工单派单'],
    ]) {
      await page.goto(path);
      await expect(page.getByText(title, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${title} - 运营工作台`);
      await expect(page.locator('.wb-header')).toHaveCount(0);
      await expect(page.locator('.wb-sider')).toHaveCount(0);
    }
  });
});
