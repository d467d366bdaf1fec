import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OSS_MESSAGES } from '@wb/contracts/resources/oss';
import { SMS_MESSAGES } from '@wb/contracts/resources/sms';
import { REPORT_MESSAGES } from '@wb/contracts/resources/report';
import { CRUD_MESSAGES } from '@wb/contracts/resource';
import { attach, oss, sms, smsOutbox } from '../src/db/schema/index';
import { STORAGE_UNAVAILABLE } from '../src/platform/object-stores';
import { S3Store } from '../src/platform/s3-store';
import { SMS_PER_PHONE } from '../src/platform/sms';
import { as, testApp, type TestApp } from './helper';
import { startFakeYunpian } from './support/fake-yunpian';
import { importsOf } from './support/imports';
import { startS3 } from './support/s3-server';
import { multipart, png } from './support/sample-files';

/** 资源管理 (admin spec §7 'Resource') and reports: SMS providers, object storage, attachments, saved list queries. */

type Who = Awaited<ReturnType<typeof as>>;
const API_KEY = 'yunpian-test-key-0123456789';

let t: TestApp;
let admin: Who;
let adminB: Who;
let yunpian: Awaited<ReturnType<typeof startFakeYunpian>>;
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  // the stand-ins of the provider and the bucket listen on this machine: the operator allows it
  [t, yunpian, s3] = await Promise.all([
    testApp({ outboundAllow: ['127.0.0.1'] }),
    startFakeYunpian({ apiKey: API_KEY, refuse: (m) => (m === '13900000009' ? '号码已停机' : undefined) }),
    startS3('wb-oss-config'),
  ]);
  admin = await as(t.app);
  adminB = await as(t.app, 'admin', '100001');
});
afterAll(async () => {
  await t.close();
  await yunpian.close();
  await s3.close();
});

const post = (who: Who, url: string, payload?: object, query?: Record<string, string>) => who.call({ method: 'POST', url, payload, query });
const get = (who: Who, url: string, query?: Record<string, string>) => who.call({ method: 'GET', url, query });
const ok = async (res: Awaited<ReturnType<Who['call']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const lastSent = async (phone: string) => (await t.ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1))[0];

describe('SMS configurations (短信配置)', () => {
  let yunpianId: string;

  it('keep the secret key sealed at rest and never answer it', async () => {
    const saved = await ok(
      await post(admin, '/us-resource/sms/submit', { category: 1, smsCode: 'yp-notice', templateId: '4010', secretKey: API_KEY, signName: '运营工作台', endpoint: yunpian.endpoint }),
    );
    yunpianId = saved.id;
    expect(saved).not.toHaveProperty('secretKey');
    const detail = await ok(await get(admin, '/us-resource/sms/detail', { id: yunpianId }));
    expect(detail).toMatchObject({ smsCode: 'yp-notice', category: 1, status: 1 });
    expect(JSON.stringify(detail)).not.toContain(API_KEY);
    const [row] = await t.ctx.database.db
      .select()
      .from(sms)
      .where(eq(sms.id, Number(yunpianId)));
    expect(row.secretKey).not.toContain(API_KEY);
    expect(t.ctx.secrets.open(row.secretKey)).toBe(API_KEY);
  });

  it('without an enabled provider, send to the outbox; with one, through it, each message recorded', async () => {
    expect(await ok(await post(admin, '/us-resource/sms/endpoint/send-message', { phones: '13900000001', params: '{"content":"停水通知"}' }))).toBe(true);
    expect(await lastSent('13900000001')).toMatchObject({ provider: 'outbox', content: '停水通知', sent: 1, tenantId: '000000' });
    expect(yunpian.received).toHaveLength(0);

    const enabled = await post(admin, '/us-resource/sms/enable', undefined, { id: yunpianId });
    expect(enabled.json()).toMatchObject({ code: 200, msg: SMS_MESSAGES.enabled.zh });
    const res = await post(admin, '/us-resource/sms/endpoint/send-message', { phones: '13900000002，13900000003', params: '{"code":"8842","minutes":5}' });
    expect(res.json()).toMatchObject({ code: 200, msg: SMS_MESSAGES.sent.zh });
    expect(yunpian.received.map((r) => r.path)).toEqual(['/v2/sms/tpl_single_send.json', '/v2/sms/tpl_single_send.json']);
    // the phones go out side by side: in either order
    const first = yunpian.received.find((r) => r.form.mobile === '13900000002')!;
    expect(first.form).toMatchObject({ apikey: API_KEY, tpl_id: '4010' });
    expect(Object.fromEntries(new URLSearchParams(first.form.tpl_value))).toEqual({ '#code#': '8842', '#minutes#': '5' });
    expect(await lastSent('13900000003')).toMatchObject({ provider: 'yunpian', smsCode: 'yp-notice', templateId: '4010', sent: 1 });
  });

  it('say that the provider refused, by its status and code but never its words, and record the message as not sent', async () => {
    const res = await post(admin, '/us-resource/sms/endpoint/send-message', { code: 'yp-notice', phones: '13900000009' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { field: 'phones' }, msg: '短信服务拒绝发送 (HTTP 400, 错误码 2)' });
    expect(await lastSent('13900000009')).toMatchObject({ sent: 0, provider: 'yunpian', error: '短信服务拒绝发送 (HTTP 400, 错误码 2)' });
  });

  it('keep one enabled per tenant, and refuse to enable a provider not spoken to', async () => {
    const other = await ok(await post(admin, '/us-resource/sms/submit', { category: 1, smsCode: 'yp-second', secretKey: 'another', endpoint: yunpian.endpoint }));
    await ok(await post(admin, '/us-resource/sms/enable', undefined, { id: other.id }));
    const rows = await t.ctx.database.db
      .select({ code: sms.smsCode, status: sms.status })
      .from(sms)
      .where(and(eq(sms.tenantId, '000000'), eq(sms.status, 2)));
    expect(rows).toEqual([{ code: 'yp-second', status: 2 }]);
    const ali = await ok(await post(admin, '/us-resource/sms/submit', { category: 3, smsCode: 'ali' }));
    const refused = await post(admin, '/us-resource/sms/enable', undefined, { id: ali.id });
    expect(refused.json()).toMatchObject({ code: 400, msg: SMS_MESSAGES.unsupported.zh, data: { field: 'category' } });
    // another tenant's configuration is not there to enable
    expect((await post(adminB, '/us-resource/sms/enable', undefined, { id: other.id })).statusCode).toBe(404);
    await ok(await post(admin, '/us-resource/sms/enable', undefined, { id: yunpianId }));
  });

  it('send the sealed key nowhere new: moving the provider’s address needs the key again', async () => {
    // an edit sends the form's fields, the key left empty (kept)
    const form = { id: yunpianId, category: 1, smsCode: 'yp-notice', templateId: '4010', signName: '运营工作台', endpoint: yunpian.endpoint };
    const moved = await post(admin, '/us-resource/sms/submit', { ...form, endpoint: 'http://127.0.0.1:1' });
    expect(moved.json()).toMatchObject({ code: 400, data: { field: 'secretKey' } });
    await ok(await post(admin, '/us-resource/sms/submit', { ...form, signName: '运营中心' }));
    await ok(await post(admin, '/us-resource/sms/submit', { ...form, endpoint: 'http://127.0.0.1:1', secretKey: 'x' }));
    await ok(await post(admin, '/us-resource/sms/submit', { ...form, secretKey: API_KEY }));
  });

  it('refuse bad phones and params by name, and limit each phone', async () => {
    const bad = async (payload: object, field: string, msg?: string) => {
      const res = await post(admin, '/us-resource/sms/endpoint/send-message', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.field).toBe(field);
      if (msg) expect(res.json().msg).toContain(msg);
    };
    await bad({ phones: '1390000000' }, 'phones', '1390000000');
    await bad({ phones: '13900000004,abc' }, 'phones', 'abc');
    await bad({ phones: '13900000004', params: 'code=1' }, 'params', SMS_MESSAGES.params.zh);
    await bad({ phones: '13900000004', params: '["1"]' }, 'params');
    await bad({ phones: '13900000004', code: 'nobody' }, 'code', SMS_MESSAGES.unknownCode.zh);
    for (let i = 0; i < SMS_PER_PHONE; i++) await ok(await post(admin, '/us-resource/sms/endpoint/send-message', { phones: '13900000005', params: '{"code":"1"}' }));
    await bad({ phones: '13900000005', params: '{"code":"1"}' }, 'phones', SMS_MESSAGES.tooMany.zh);
  });
});

describe('object storage (对象存储) and attachments (附件管理)', () => {
  let configId: string;

  it('refuses an S3 configuration without its endpoint or bucket, naming the field', async () => {
    const noEndpoint = await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'minio', bucketName: 'b' });
    expect(noEndpoint.json()).toMatchObject({ code: 400, msg: OSS_MESSAGES.endpoint.zh, data: { field: 'endpoint' } });
    const noBucket = await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'minio', endpoint: 'http://127.0.0.1:9000' });
    expect(noBucket.json()).toMatchObject({ code: 400, data: { field: 'bucketName' } });
    // never the server's own credentials for a tenant's bucket
    const noKeys = await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'minio', endpoint: 'http://127.0.0.1:9000', bucketName: 'b' });
    expect(noKeys.json()).toMatchObject({ code: 400, msg: OSS_MESSAGES.keys.zh, data: { field: 'accessKey' } });
  });

  it('says file storage, not the database, is unavailable when the enabled bucket cannot be reached; the error log keeps why', async () => {
    const dead = await ok(
      await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'dead', endpoint: 'http://127.0.0.1:9', bucketName: 'b', accessKey: 'a', secretKey: 'b' }),
    );
    await ok(await post(admin, '/us-resource/oss/enable', undefined, { id: dead.id }));
    const file = multipart(png(), 'a.png', 'image/png');
    const res = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...file, headers: { ...file.headers, 'x-request-id': 'dead-storage-001' } });
    expect(res.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });
    await t.ctx.requestLog.flush();
    const [error] = (await ok(await get(admin, '/us-log/error/list', { requestId: 'dead-storage-001' }))).records;
    const detail = await ok(await get(admin, '/us-log/error/detail', { id: error.id }));
    expect(detail.stack).toMatch(/Caused by \(对象存储 dead\).*ECONNREFUSED/s);
    // nothing was recorded for the file that could not be stored
    expect(
      await t.ctx.database.db
        .select()
        .from(attach)
        .where(eq(attach.ossId, Number(dead.id))),
    ).toEqual([]);
    await ok(await post(admin, '/us-resource/oss/remove', undefined, { ids: dead.id }));
  });

  it('sends uploads to the enabled configuration: the bytes land in its bucket and are served and removed from there', async () => {
    const { endpoint, bucket, accessKeyId, secretAccessKey } = s3.settings;
    const saved = await ok(
      await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'minio', endpoint, bucketName: bucket, accessKey: accessKeyId, secretKey: secretAccessKey }),
    );
    configId = saved.id;
    expect(saved).not.toHaveProperty('secretKey');
    await ok(await post(admin, '/us-resource/oss/enable', undefined, { id: configId }));
    const bytes = png();
    const up = await ok(await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(bytes, '现场照片.png', 'image/png') }));
    const bucketStore = new S3Store(s3.settings);
    const inBucket = await bucketStore.get(up.name);
    expect(inBucket?.size).toBe(bytes.length);
    // not on the server's own disk
    expect(await t.ctx.store.get(up.name)).toBeNull();
    const [row] = await t.ctx.database.db.select().from(attach).where(eq(attach.name, up.name));
    expect(String(row.ossId)).toBe(configId);

    // the attachment list answers signed links, and the link serves the bucket's bytes
    const list = await ok(await get(admin, '/us-resource/attach/list', { originalName: '现场照片' }));
    expect(list.records).toHaveLength(1);
    const item = list.records[0];
    expect(item).toMatchObject({ originalName: '现场照片.png', extension: 'png', attachSize: bytes.length, ossId: configId });
    expect(item.link).toMatch(/^\/us-resource\/oss\/endpoint\/file\/[0-9a-f-]{36}-000000-\d+-[\w-]{22}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: item.link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    // the configuration holding files cannot go, nor move; the attachment takes its bytes with it
    const keep = await post(admin, '/us-resource/oss/remove', undefined, { ids: configId });
    expect(keep.statusCode).toBe(400);
    const move = await post(admin, '/us-resource/oss/submit', { id: configId, category: 1, ossCode: 'minio', endpoint, bucketName: 'elsewhere', accessKey: accessKeyId });
    expect(move.json()).toMatchObject({ code: 400, msg: OSS_MESSAGES.holdsFiles.zh, data: { field: 'bucketName' } });
    await ok(await post(admin, '/us-resource/attach/remove', undefined, { ids: item.id }));
    expect(await bucketStore.get(up.name)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: item.link })).statusCode).toBe(404);
  });

  it('sends the download centre’s exports and the upload centre’s imports to the enabled configuration too', async () => {
    const { endpoint, bucket, accessKeyId, secretAccessKey } = s3.settings;
    const saved = await ok(
      await post(admin, '/us-resource/oss/submit', { category: 1, ossCode: 'jobs', endpoint, bucketName: bucket, accessKey: accessKeyId, secretKey: secretAccessKey }),
    );
    await ok(await post(admin, '/us-resource/oss/enable', undefined, { id: saved.id }));
    const bucketStore = new S3Store(s3.settings);
    const until = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
      for (let i = 0; i < 200; i++) {
        const found = await read();
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the job did not finish');
    };

    // an import: its file is kept in the bucket, read back from there, and its rows written
    const { imported } = importsOf(() => admin.call);
    const done = await imported('/us-system/param', '桶中参数.xlsx', [
      ['参数名称', '参数键名', '参数键值'],
      ['桶一', 'bucket.one', 'v1'],
    ]);
    expect(done).toMatchObject({ status: 1, successNum: 1, failedNum: 0, errorMsg: '' });
    const [kept] = await t.ctx.database.db.select().from(attach).where(eq(attach.originalName, '桶中参数.xlsx'));
    expect(String(kept.ossId)).toBe(saved.id);
    expect(await bucketStore.get(kept.name)).not.toBeNull();
    expect(await t.ctx.store.get(kept.name)).toBeNull();

    // an export: the file is written to the bucket and its link serves it from there
    const started = await ok(await post(admin, '/us-system/param/export-job', undefined, { paramKey: 'bucket.one' }));
    const job = await until(async () => {
      const list = await ok(await get(admin, '/us-resource/base/download/downloadList', { current: '1', size: '10', projectId: '-1' }));
      const found = list.records.find((r: { id: string }) => r.id === started.id);
      return found?.jobStatus === 3 ? found : undefined;
    });
    const name = String(job.fileUrl)
      .split('/')
      .pop()!
      .replace(/-000000-\d+-[\w-]{22}(?=\.xlsx$)/, '');
    expect((await bucketStore.get(name))?.size).toBe(job.fileSize);
    expect(await t.ctx.store.get(name)).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: job.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(job.fileSize);
  });

  it('keeps files where they were stored when another configuration is enabled', async () => {
    const local = await ok(await post(admin, '/us-resource/oss/submit', { category: 0, ossCode: 'disk' }));
    const before = await ok(await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(png(), 'a.png', 'image/png') }));
    await ok(await post(admin, '/us-resource/oss/enable', undefined, { id: local.id }));
    const enabled = await t.ctx.database.db
      .select({ id: oss.id })
      .from(oss)
      .where(and(eq(oss.tenantId, '000000'), eq(oss.status, 2)));
    expect(enabled.map((r) => String(r.id))).toEqual([local.id]);
    const after = await ok(await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(png(), 'b.png', 'image/png') }));
    expect(await t.ctx.store.get(after.name)).not.toBeNull();
    for (const f of [before, after]) expect((await t.app.inject({ method: 'GET', url: f.link })).statusCode).toBe(200);
  });

  it('are made by uploads only; an attachment can be renamed', async () => {
    const add = await post(admin, '/us-resource/attach/submit', { originalName: 'x.txt' });
    expect(add.json()).toMatchObject({ code: 400, msg: CRUD_MESSAGES.noAdd.zh });
    const [first] = (await ok(await get(admin, '/us-resource/attach/list', { size: '1' }))).records;
    const renamed = await ok(await post(admin, '/us-resource/attach/submit', { id: first.id, originalName: '改名.png', name: 'other.png', attachSize: 1 }));
    expect(renamed).toMatchObject({ originalName: '改名.png', name: first.name, attachSize: first.attachSize });
  });
});

describe('reports (报表)', () => {
  const save = (payload: object) => post(admin, '/us-report/report/rest/submit', { name: '供应商统计', resource: 'supplier', query: '{}', columns: '["name","phone"]', ...payload });

  it('keep a list query with its chart; the chart counts the rows the filters find, in the viewer’s scope', async () => {
    const suppliers = (await ok(await get(admin, '/wwy-us-mdm/api/v1/supplier/list', { size: '100' }))).records as { name: string }[];
    expect(suppliers.length).toBeGreaterThan(0);
    const name = suppliers[0].name;
    const saved = await ok(await save({ query: JSON.stringify({ name, current: 2, size: 10 }), chart: '{"type":"bar","x":"name"}' }));
    expect(JSON.parse(saved.query)).toEqual({ name });
    const list = await ok(await get(admin, '/us-report/report/rest/list'));
    expect(list.records.map((r: { id: string }) => r.id)).toContain(saved.id);
    const chart = await ok(await get(admin, '/us-report/report/rest/chart', { id: saved.id }));
    const matching = suppliers.filter((s) => s.name.includes(name));
    expect(chart.chart).toEqual({ type: 'bar', x: 'name' });
    expect(chart.groups.reduce((n: number, g: { value: number }) => n + g.value, 0)).toBe(matching.length);
    // another tenant sees neither the report nor its figures
    expect((await get(adminB, '/us-report/report/rest/chart', { id: saved.id })).statusCode).toBe(404);
    await ok(await post(admin, '/us-report/report/rest/remove', undefined, { ids: saved.id }));
    expect((await ok(await get(admin, '/us-report/report/rest/list'))).records.map((r: { id: string }) => r.id)).not.toContain(saved.id);
  });

  it('refuse what the resource does not have, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ resource: 'nothing' }, 'resource', REPORT_MESSAGES.resource.zh],
      [{ resource: 'report' }, 'resource', REPORT_MESSAGES.resource.zh],
      [{ query: '{"password":"x"}' }, 'query', 'password'],
      [{ query: 'name=x' }, 'query', REPORT_MESSAGES.query.zh],
      [{ columns: '["nope"]' }, 'columns', `${REPORT_MESSAGES.column.zh}: nope`],
      [{ columns: '[]' }, 'columns', '请选择列'],
      [{ chart: '{"type":"pie","x":"remark"}' }, 'chart', `${REPORT_MESSAGES.chartX.zh}: `],
      [{ chart: '{"type":"bar","x":"name","y":"name"}' }, 'chart', `${REPORT_MESSAGES.chartY.zh}: `],
    ];
    for (const [payload, field, msg] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data.field, JSON.stringify(payload)).toBe(field);
      expect(res.json().msg).toContain(msg);
    }
  });
});
