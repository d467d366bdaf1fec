import { expect, test, type Page } from '@playwright/test';
import { login, shownPage, tab } from './support/shell';
import { openCoredata, openSideMenu } from './support/micro-apps';

/*
 * The Content-Security-Policy the server sends, in Chromium: the login page, the
 * shell and the coredata sub-app (run by wujie in its sandbox iframe) work under it
 * without a single violation, and the headers are on the page and on API answers.
 */

interface Violation {
  frame: string;
  text: string;
}

/**
 * Collects CSP violations of every frame: the console's 'Refused to …' lines (Chromium
 * writes one for each, in whatever frame, also in wujie's sandbox whose document it
 * reopens) and the `securitypolicyviolation` events of each document as it starts.
 */
async function watchViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Refused to|Content Security Policy/i.test(text)) seen.push({ frame: msg.location().url, text });
  });
  await page.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
    seen.push({ frame: frame.url(), text });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return seen;
}

function expectPolicy(headers: Record<string, string>, where: string) {
  const policy = headers['content-security-policy'];
  expect(policy, where).toBeTruthy();
  expect(policy, where).toContain("default-src 'self'");
  expect(policy, where).toContain("object-src 'none'");
  expect(policy, where).toMatch(/frame-ancestors 'self'(;|$)/);
  expect(policy, where).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
}

test.describe('content security policy', () => {
  test('login, the shell and the coredata sub-app run under the policy without a violation', async ({ page, request }) => {
    const violations = await watchViolations(page);

    const loginPage = await page.goto('/login');
    expect(loginPage?.status()).toBe(200);
    const pageHeaders = await loginPage!.allHeaders();
    expectPolicy(pageHeaders, 'the login page');
    expect(pageHeaders['access-control-allow-origin']).toBeUndefined();

    // the API answers the shell receives carry the headers too
    const registry = page.waitForResponse((r) => r.url().includes('/us-system/sub-app/registry'));
    await login(page);
    const registryAnswer = await registry;
    expect(registryAnswer.status()).toBe(200);
    expectPolicy(await registryAnswer.allHeaders(), 'an API answer');

    // coredata: fetched, injected and run by wujie in its sandbox, then one of its pages
    const app = await openCoredata(page);
    await openSideMenu(page, '主数据', '公司管理');
    await expect(page).toHaveURL(/\/coredata\/company$/);
    await expect(tab(page, '公司管理')).toBeVisible();
    await expect(app.locator('.ant-table-row').first()).toBeVisible();
    // wujie's sandbox started on its blob: page (frame-src blob:), not on the fallback of loading the shell again
    expect(await page.evaluate(() => localStorage.getItem('wujie:disableSandboxEmptyPageURL'))).toBeNull();

    // a shell page of its own, and a reload straight into the sub-app
    await page.goto('/system/param');
    await expect(shownPage(page).locator('.ant-pro-table')).toBeVisible();
    await page.goto('/coredata/city');
    await expect(app.locator('.ant-pro-table')).toBeVisible({ timeout: 30_000 });

    const health = await request.get('/health');
    expectPolicy(health.headers(), '/health');

    expect(violations).toEqual([]);
  });

  test('the policy is enforced, and the watcher sees it: a script from an origin the policy does not name is refused', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/login');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.src = 'https://evil.example.net/x.js';
      document.head.appendChild(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.map((v) => v.text).join('\n')).toContain('evil.example.net');
  });
});
