import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startS3 } from '../apps/server/test/support/s3-server';
import { pngBytes, signedIn, unique } from './support/api';
import { formDialog, openAdminPage, row, submit, table } from './support/organisation';
import { spawnServer, stopServer, waitUntilHealthy, type Started } from './support/server-process';
import { baseUrl, MAIN_PORT, S3_FILES_PORT } from './support/servers';
import { buttonName, fillLogin, message } from './support/shell';

/**
 * Files through the UI (shell spec §7 'Files'): a picture field of the resource pages uploads the
 * spec's way, a signed address asked for by the file's name and a PUT with the headers that came
 * with it, and the picture comes back from its link. On local disk the PUT goes to the server; with
 * S3 storage, to the bucket itself (its CORS rule and the shell's Content-Security-Policy allow it).
 */

const picture = pngBytes(0, 48);

/** A draft version of the guide (drafts greet nobody), and its id. */
async function draftVersion(base: string): Promise<{ id: string; versionNo: string }> {
  const versionNo = unique('v9.');
  const admin = await signedIn(base);
  const saved = await admin<{ id: string }>('POST', '/us-system/version-manage/submit', { versionNo, title: '上传图片', guideType: 'all', pushTime: '2026-01-01 00:00:00' });
  expect(saved.success, saved.msg).toBe(true);
  return { id: saved.data.id, versionNo };
}

/**
 * On 产品版本, adds a step to the version with a picture picked in its form: the picture is shown in
 * the form from its link once uploaded, and the step is saved with it. Answers the PUT's address.
 */
async function addStepWithPicture(page: Page, versionNo: string): Promise<string> {
  await page.goto('/login');
  await fillLogin(page);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await openAdminPage(page, '系统管理', '产品版本', '/system/version');
  await row(table(page, /^产品版本$/), versionNo).click();
  const steps = table(page, `产品版本 · ${versionNo}`);
  await steps.getByRole('button', { name: buttonName('新增') }).click();
  const dialog = formDialog(page, 'versionstep');
  await dialog.locator('#versionstep-form_content').fill('从这里开始');

  const signed = page.waitForResponse((r) => r.url().includes('/wwy-us-adapter/biz/file/createSignedUrlSync/'));
  const put = page.waitForResponse((r) => r.request().method() === 'PUT');
  await dialog.locator('input[type=file]').setInputFiles({ name: '第一步.png', mimeType: 'image/png', buffer: picture });
  expect((await signed).status()).toBe(200);
  const stored = await put;
  expect(stored.status()).toBe(200);
  // the form shows the picture from the link it was given: loaded, 48 pixels wide
  const preview = dialog.locator('img.ant-upload-list-item-image');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  await submit(dialog);
  await expect(message(page, '新增成功')).toBeVisible();
  await expect(row(steps, '从这里开始')).toBeVisible();
  return stored.url();
}

/** The step's stored picture, fetched from its link as the guide would show it. */
async function savedPicture(base: string, versionId: string): Promise<Buffer> {
  const admin = await signedIn(base);
  const steps = await admin<{ records: { stepImg: string }[] }>('GET', `/us-system/version-manage/step/list?versionId=${versionId}`);
  const link = steps.data.records[0].stepImg;
  expect(link).toMatch(/^\/us-resource\/oss\/endpoint\/file\/[0-9a-f-]{36}-000000-\d+-[\w-]{22}\.png$/);
  const res = await fetch(`${base}${link}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('a picture field uploads through a signed address on this server, and the picture comes back', async ({ page }) => {
  const base = baseUrl(MAIN_PORT);
  const { id, versionNo } = await draftVersion(base);
  const address = await addStepWithPicture(page, versionNo);
  expect(address.startsWith(`${base}/us-resource/oss/endpoint/signed-upload/`)).toBe(true);
  expect((await savedPicture(base, id)).equals(picture)).toBe(true);
});

test.describe('with S3 storage', () => {
  const base = baseUrl(S3_FILES_PORT);
  let s3: Awaited<ReturnType<typeof startS3>>;
  let dataDir: string;
  let server: Started;
  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    s3 = await startS3('wb-e2e-files', { corsOrigins: [base] });
    const { bucket, region, endpoint, accessKeyId, secretAccessKey } = s3.settings;
    dataDir = mkdtempSync(join(tmpdir(), 'wb-e2e-s3-'));
    server = spawnServer(
      {
        name: 's3-files',
        port: S3_FILES_PORT,
        env: { CAPTCHA_ENABLED: 'false', S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint!, S3_ACCESS_KEY_ID: accessKeyId!, S3_SECRET_ACCESS_KEY: secretAccessKey! },
      },
      dataDir,
    );
    await waitUntilHealthy(server, 120_000);
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('the browser PUTs the picture to the bucket itself, and the picture comes back through the server', async ({ page }) => {
    const { id, versionNo } = await draftVersion(base);
    const address = await addStepWithPicture(page, versionNo);
    expect(address.startsWith(`${s3.settings.endpoint}/wb-e2e-files/`)).toBe(true);
    expect((await savedPicture(base, id)).equals(picture)).toBe(true);
  });
});
