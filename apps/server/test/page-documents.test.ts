import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_DOCUMENT_FILE, LOGIN_DOCUMENT_CHOICES, STATUS_DOCUMENTS, loginDocumentFile, statusDocumentFile } from '@wb/contracts/page-documents';
import { testApp, type TestApp } from './helper';

// /login is answered with the pre-rendered login document of the server's own settings, so the
// form is right (tenant field, captcha) before any script runs; /404, /403 and /500 with their
// pre-rendered error pages, /lock with the lock screen; every other page with index.html.

const shell = mkdtempSync(join(tmpdir(), 'wb-shell-'));
writeFileSync(join(shell, 'index.html'), '<!doctype html><title>shell</title>');
for (const choice of LOGIN_DOCUMENT_CHOICES) writeFileSync(join(shell, loginDocumentFile(choice)), `<!doctype html><title>${JSON.stringify(choice)}</title>`);
for (const status of STATUS_DOCUMENTS) writeFileSync(join(shell, statusDocumentFile(status)), `<!doctype html><title>status ${status}</title>`);
writeFileSync(join(shell, LOCK_DOCUMENT_FILE), '<!doctype html><title>lock</title>');
const opened: TestApp[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  rmSync(shell, { recursive: true, force: true });
});

async function page(settings: { tenantMode: boolean; captchaEnabled: boolean }, url: string): Promise<string> {
  const t = await testApp({ shellDir: shell, ...settings });
  opened.push(t);
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
}

describe('the pre-rendered documents', () => {
  it.each(LOGIN_DOCUMENT_CHOICES)('answers /login with the document of its settings: %o', async (choice) => {
    const body = await page(choice, '/login?redirect=%2Fsystem%2Fparam');
    expect(body).toContain(`<title>${JSON.stringify(choice)}</title>`);
  });

  it.each(STATUS_DOCUMENTS)('answers /%s with its error page', async (status) => {
    expect(await page({ tenantMode: false, captchaEnabled: false }, `/${status}`)).toContain(`<title>status ${status}</title>`);
  });

  it('answers /lock with the lock document', async () => {
    expect(await page({ tenantMode: false, captchaEnabled: false }, '/lock')).toContain('<title>lock</title>');
  });

  it('answers every other page with index.html', async () => {
    const t = await testApp({ shellDir: shell });
    opened.push(t);
    for (const url of ['/wel/index', '/login/else', '/forgot-password', '/404/else', '/4040', '/locked']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body).toContain('<title>shell</title>');
    }
  });
});
