import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signedIn } from './support/api';
import { root, spawnServer, stopServer, waitUntilHealthy, type Started } from './support/server-process';
import { baseUrl, FAULT_PORT, type ServerSpec } from './support/servers';
import { buttonName, login, message, openParamPage } from './support/shell';

/**
 * The server is killed (SIGKILL, as a crashed container) in the middle of an export of the download
 * centre, on its embedded database on disk, and started again: the job is run again and offers one
 * whole file; at no moment is a link to a half-written file offered.
 */
const ROWS = 200_000;
// a dead run is seen 6 s after its last beat: soon, yet never a live run stalled by a loaded machine
const spec: ServerSpec = { name: 'fault', port: FAULT_PORT, env: { CAPTCHA_ENABLED: 'false', JOB_STALE_SECONDS: '6' } };
const base = baseUrl(FAULT_PORT);
let dataDir: string;
let server: Started;

interface Job {
  id: string;
  fileName: string;
  fileUrl: string;
  jobStatus: number;
  completeRate: number;
}

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'wb-e2e-fault-'));
  execFileSync(join(root, 'node_modules/.bin/tsx'), ['e2e/support/seed-params.ts', dataDir, String(ROWS)], { cwd: root, stdio: 'inherit' });
  server = spawnServer(spec, dataDir);
  await waitUntilHealthy(server, 120_000);
});

test.afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('a server killed mid-export: after the restart the job runs again and offers the whole file, never half of one', async ({ page }) => {
  test.setTimeout(240_000);
  const call = await signedIn(base);
  const total = (await call<{ total: number }>('GET', '/us-system/param/list?current=1&size=1')).data.total;
  expect(total).toBeGreaterThan(ROWS);

  await login(page);
  await openParamPage(page);
  await page.getByRole('button', { name: buttonName('导出') }).click();
  await expect(message(page, '已加入下载中心, 完成后在下载中心下载')).toBeVisible();
  await page.getByRole('button', { name: '下载/上传中心' }).click();
  const item = page.locator('.wb-downloads__item').first();
  // the progress bar moves as the rows are written
  await expect(item).toHaveAttribute('data-job-status', '2');
  await expect(item.locator('.ant-progress-text')).toHaveText(/^[1-9]\d?%$/, { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('export-progress.png') });
  const [job] = (await call<{ records: Job[] }>('GET', '/us-resource/base/download/downloadList?current=1&size=10')).data.records;
  expect(job).toMatchObject({ fileName: '参数管理.xlsx', jobStatus: 2, fileUrl: '' });
  expect(job.completeRate).toBeLessThan(90);

  await stopServer(server, 'SIGKILL');
  server = spawnServer(spec, dataDir, true);
  await waitUntilHealthy(server, 120_000);

  // watched from the restart to the end: a link only once the job is done
  let done: Job | undefined;
  const seen = new Set<number>();
  for (let i = 0; i < 1200 && !done; i++) {
    const now = (await call<{ records: Job[] }>('GET', '/us-resource/base/download/downloadList?current=1&size=10')).data.records.find((r) => r.id === job.id)!;
    seen.add(now.jobStatus);
    if (now.jobStatus !== 3) expect(now.fileUrl).toBe('');
    if (now.jobStatus === -1) throw new Error('the export failed instead of running again');
    if (now.jobStatus === 3) done = now;
    else await new Promise((r) => setTimeout(r, 100));
  }
  expect(done, 'the job ended').toBeDefined();
  expect(seen.has(2)).toBe(true);

  // the drawer (after the page lost its server) shows the file; the file is whole
  await page.reload();
  await page.getByRole('button', { name: '下载/上传中心' }).click();
  const finished = page.locator('.wb-downloads__item').first();
  await expect(finished).toHaveAttribute('data-job-status', '3');
  const download = page.waitForEvent('download');
  await finished.getByRole('link', { name: '下载' }).click();
  const file = await download;
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader((await file.path())!, { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  expect(rows).toBe(total + 1);
  // one file was kept: what the killed run had written is no object of the store
  expect(readdirSync(join(dataDir, 'files')).filter((f) => f.endsWith('.xlsx'))).toHaveLength(1);
});
