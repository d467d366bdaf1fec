import { expect, test, type Page } from '@playwright/test';
import { S3Store } from '../apps/server/src/platform/s3-store';
import { startFakeYunpian } from '../apps/server/test/support/fake-yunpian';
import { startS3 } from '../apps/server/test/support/s3-server';
import { pngBytes, signedIn } from './support/api';
import { formDialog, pickOption, row, submit } from './support/organisation';
import { ownServer } from './support/own-server';
import { RESOURCE_CENTER_PORT } from './support/servers';
import { buttonName, confirmDialog, login, message, shownPage, tab } from './support/shell';

// 资源管理 and 报表管理 as an administrator works them, on a server of this file's own: the storage
// it enables would take the uploads of every other scenario.
const base = ownServer({ name: 'resource-center', port: RESOURCE_CENTER_PORT, env: { CAPTCHA_ENABLED: 'false' } });
test.describe.configure({ mode: 'serial' });

const API_KEY = 'e2e-yunpian-key-42';
let yunpian: Awaited<ReturnType<typeof startFakeYunpian>>;
let s3: Awaited<ReturnType<typeof startS3>>;
test.beforeAll(async () => {
  [yunpian, s3] = await Promise.all([startFakeYunpian({ apiKey: API_KEY }), startS3('wb-e2e-oss')]);
});
test.afterAll(async () => {
  await yunpian?.close();
  await s3?.close();
});

/** Opens a resource's page and its 新增 dialog. */
async function addRecord(page: Page, path: string, title: string, name: string) {
  await page.goto(path);
  await expect(tab(page, title)).toBeVisible();
  await shownPage(page)
    .getByRole('button', { name: buttonName('新增') })
    .first()
    .click();
  return formDialog(page, name);
}

test('短信配置: a Yunpian provider configured, enabled, and a message sent that the provider receives', async ({ page }) => {
  await login(page);
  const dialog = await addRecord(page, '/resource/sms', '短信配置', 'sms');
  await pickOption(page, dialog.getByLabel('分类'), 'yunpian');
  await dialog.getByLabel('资源编号').fill('yp-ops');
  await dialog.getByLabel('模版ID').fill('5120');
  await dialog.getByLabel('secretKey').fill(API_KEY);
  await dialog.getByLabel('短信签名').fill('运营工作台');
  await dialog.getByLabel('服务地址').fill(yunpian.endpoint);
  await submit(dialog);
  await expect(message(page, '新增成功')).toBeVisible();

  const configs = shownPage(page);
  const config = row(configs, 'yp-ops');
  await config.getByText('启用').click();
  await expect(message(page, '启用成功')).toBeVisible();
  await expect(config).toContainText('是');

  await configs.getByRole('button', { name: buttonName('发送短信') }).click();
  const send = page.locator('.ant-modal').filter({ hasText: '发送短信' });
  await send.getByLabel('手机号码').fill('13900001111');
  await send.getByLabel('短信参数').fill('{"code":"6631"}');
  await submit(send);
  await expect(message(page, '发送成功')).toBeVisible();
  expect(yunpian.received).toHaveLength(1);
  expect(yunpian.received[0].form).toMatchObject({ apikey: API_KEY, mobile: '13900001111', tpl_id: '5120' });

  // every message is on record, by the provider that sent it
  await shownPage(page).getByRole('tab', { name: '发送记录' }).click();
  await expect(row(shownPage(page), '13900001111')).toContainText('yunpian');
});

test('对象存储 and the log explorer: uploads fail while the storage is unreachable, the failed request leads to its error, and once fixed the avatar lands in the bucket', async ({
  page,
}) => {
  await login(page);
  const dialog = await addRecord(page, '/resource/oss', '对象存储', 'oss');
  await pickOption(page, dialog.getByLabel('分类'), 'minio');
  await dialog.getByLabel('资源编号').fill('minio-ops');
  // nothing listens there: the storage is set up wrong
  await dialog.getByLabel('资源地址').fill('http://127.0.0.1:9');
  await dialog.getByLabel('空间名').fill(s3.settings.bucket);
  await dialog.getByLabel('accessKey').fill(s3.settings.accessKeyId!);
  await dialog.getByLabel('secretKey').fill(s3.settings.secretAccessKey!);
  await submit(dialog);
  await expect(message(page, '新增成功')).toBeVisible();
  await row(shownPage(page), 'minio-ops').getByText('启用').click();
  await expect(message(page, '启用成功, 新上传的文件将存放于此')).toBeVisible();

  const uploadAvatar = async () => {
    await page.goto('/info/index');
    await page.locator('form#info input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() });
  };
  await uploadAvatar();
  await expect(message(page, /文件存储暂不可用/)).toBeVisible();
  // the shell recorded the failed call in its error log; the user uploads the log
  const badge = page.locator('.wb-error-badge');
  await expect(badge.locator('.ant-badge-count')).toHaveText('1');
  await badge.getByRole('button', { name: '错误日志' }).click();
  const viewer = page.getByRole('dialog', { name: '错误日志' });
  await expect(viewer.getByText(/POST \/us-resource\/oss\/endpoint\/put-file: 503/)).toBeVisible();
  await viewer.getByRole('button', { name: buttonName('上传服务器') }).click();
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(message(page, '发送成功!')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  // the administrator finds the failed call in the API log and opens its error
  await page.goto('/monitor/api');
  await expect(tab(page, '接口日志')).toBeVisible();
  await shownPage(page).getByText('展开').click();
  await page.locator('#api-search_requestUri').fill('/us-resource/oss/endpoint/put-file');
  await page.locator('#api-search_status').fill('503');
  const failed = shownPage(page).locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: buttonName('查询') }).click();
    await expect(failed).toContainText('/us-resource/oss/endpoint/put-file', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await failed.getByText('追踪').click();
  const trace = page.locator('.ant-drawer').filter({ hasText: '请求追踪' });
  await expect(trace.getByText('POST /us-resource/oss/endpoint/put-file', { exact: true })).toBeVisible();
  await expect(trace.locator('.ant-tag').filter({ hasText: '503' })).toBeVisible();
  await expect(trace.getByText('服务端错误')).toBeVisible();
  await expect(trace.locator('pre').filter({ hasText: 'at ' }).first()).toBeVisible();
  await expect(trace.getByText(/ECONNREFUSED|connect/).first()).toBeVisible();
  // and what the user's shell saw at that moment
  await expect(trace.getByText('前端上报')).toBeVisible();
  await expect(trace.getByText(/put-file: 503 文件存储暂不可用/)).toBeVisible();
  await trace.locator('.ant-drawer-close').click();

  // fixed: the storage's address set right, the avatar lands in the bucket
  await page.goto('/resource/oss');
  await row(shownPage(page), 'minio-ops').getByText('编辑').click();
  const edit = formDialog(page, 'oss');
  await edit.getByLabel('资源地址').fill(s3.settings.endpoint!);
  // a key goes nowhere new without being given again
  await edit.getByLabel('secretKey', { exact: true }).fill(s3.settings.secretAccessKey!);
  await submit(edit);
  await expect(message(page, '更新成功')).toBeVisible();
  await uploadAvatar();
  const avatar = page.locator('form#info .wb-avatar-field__image img');
  await expect(avatar).toHaveAttribute('src', /\/us-resource\/oss\/endpoint\/file\/[\w-]+\.png$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  const uuid = /file\/([0-9a-f-]{36})-/.exec((await avatar.getAttribute('src'))!)![1];
  expect((await new S3Store(s3.settings).get(`${uuid}.png`))?.size).toBe(pngBytes().length);

  // 附件管理 lists it, in that storage
  await page.goto('/resource/attach');
  await expect(row(shownPage(page), 'me.png').first()).toContainText('minio-ops');
});

test('报表: a list saved as a report with its chart opens as the chart and the table, and exports', async ({ page }) => {
  const admin = await signedIn(base);
  for (const [title, category] of [
    ['报表 停电通知', '1'],
    ['报表 会议通知', '2'],
    ['报表 会议安排', '2'],
  ])
    expect((await admin('POST', '/us-desk/notice/submit', { title, category, releaseTime: '2026-12-01', content: '<p>内容</p>' })).success).toBe(true);

  await login(page);
  await page.goto('/desk/notice');
  await expect(tab(page, '通知公告')).toBeVisible();
  await page.locator('#notice-search_title').fill('报表');
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await expect(shownPage(page).locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await shownPage(page)
    .getByRole('button', { name: buttonName('保存为报表') })
    .click();
  const save = page.locator('.ant-modal').filter({ hasText: '保存为报表' });
  await save.getByLabel('报表名称').fill('通知分类统计');
  await pickOption(page, save.getByLabel('图表'), '饼图');
  await pickOption(page, save.getByLabel('按字段分组'), '通知类型');
  await submit(save);
  await expect(message(page, '已保存为报表')).toBeVisible();

  await page.goto('/tool/report');
  await expect(tab(page, '报表管理')).toBeVisible();
  await row(shownPage(page), '通知分类统计').getByText('查看').click();
  const view = page.locator('.ant-modal').filter({ hasText: '通知分类统计' });
  await expect(view.getByRole('img', { name: '图表' })).toBeVisible();
  // the saved filters hold: the three notices, and only them
  await expect(view.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await expect(view.getByRole('button', { name: buttonName('新增') })).toHaveCount(0);
  await view.getByRole('button', { name: buttonName('导出') }).click();
  await expect(message(page, '已加入下载中心')).toBeVisible();
});
