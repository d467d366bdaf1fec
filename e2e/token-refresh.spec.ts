import { expect, test } from '@playwright/test';
import { SHORT_TOKEN_PORT, TOKEN_TTL_SECONDS, baseUrl } from './support/servers';
import { login, tab } from './support/shell';

// Access tokens on this server expire after a few seconds, so the shell must refresh.
test.use({ baseURL: baseUrl(SHORT_TOKEN_PORT) });

/** A value the shell keeps in localStorage under the stored-value wrapper (runs in the page). */
function storedValue(key: string): string | null {
  const raw = localStorage.getItem(`saber-${key}`);
  return raw ? (JSON.parse(raw) as { content: string }).content : null;
}

test('an expired access token is refreshed once and the calls are retried', async ({ page }) => {
  const refreshCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/us-auth/oauth/token') && (request.postData() ?? '').includes('grant_type=refresh_token')) refreshCalls.push(request.url());
  });
  await login(page);
  const firstToken = await page.evaluate(storedValue, 'token');
  const firstRefresh = await page.evaluate(storedValue, 'refreshToken');

  await page.waitForTimeout((TOKEN_TTL_SECONDS + 1) * 1000);
  // Opening a page fires several calls at once (menus of every top menu, buttons, the list).
  await page.goto('/system/param');
  await expect(page.locator('.ant-table-tbody tr').filter({ hasText: 'account.initPassword' })).toBeVisible();
  await expect(tab(page, '参数管理')).toBeVisible();
  await expect(page).toHaveURL(/\/system\/param$/);

  expect(refreshCalls).toHaveLength(1);
  expect(await page.evaluate(storedValue, 'token')).not.toBe(firstToken);
  // The refresh token rotates: the new one is stored.
  expect(await page.evaluate(storedValue, 'refreshToken')).not.toBe(firstRefresh);
});
