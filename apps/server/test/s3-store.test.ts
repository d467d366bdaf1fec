import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach } from '../src/db/schema/index';
import { SIGNED_UPLOAD_SECONDS } from '../src/modules/resource/signed-uploads';
import { S3Store, uploadOriginOf } from '../src/platform/s3-store';
import { as, testApp, type TestApp } from './helper';
import { startS3 } from './support/s3-server';
import { multipart, png, samples, xlsx } from './support/sample-files';

/**
 * S3-compatible storage (S3_BUCKET …) against an S3-protocol server running here: the store's
 * calls, and everything that stores files (avatars, uploads, the signed-URL flow, exports,
 * imports) working on it as on local disk.
 */

type Who = Awaited<ReturnType<typeof as>>;
const MAX = 8 * 1024 * 1024;

let s3: Awaited<ReturnType<typeof startS3>>;
let store: S3Store;
let t: TestApp;
let admin: Who;

beforeAll(async () => {
  s3 = await startS3();
  store = new S3Store(s3.settings);
  t = await testApp({ s3: s3.settings, uploadMaxBytes: MAX });
  admin = await as(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const read = async (stream: Readable) => Buffer.concat(await stream.toArray());
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
const sign = (fileName: string) => admin.call({ method: 'GET', url: `/wwy-us-adapter/biz/file/createSignedUrlSync/${encodeURIComponent(fileName)}` });

describe('S3Store', () => {
  it('puts, gets and removes objects; a missing one is null', async () => {
    const name = `${randomUUID()}.txt`;
    await store.put(name, Buffer.from('hello'));
    const found = await store.get(name);
    expect(found?.size).toBe(5);
    expect((await read(found!.stream)).toString()).toBe('hello');
    await store.remove(name);
    expect(await store.get(name)).toBeNull();
    expect(await store.get(`${randomUUID()}.txt`)).toBeNull();
    expect(await store.get('../etc/passwd')).toBeNull();
    await expect(store.put('../x.txt', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('streams a file larger than one part (a multipart upload) and answers its size', async () => {
    const name = `${randomUUID()}.csv`;
    const bytes = Buffer.alloc(12 * 1024 * 1024 + 123, 'a');
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 256 * 1024) yield bytes.subarray(i, i + 256 * 1024);
    }
    expect(await store.putStream(name, Readable.from(chunks()))).toBe(bytes.length);
    const found = await store.get(name);
    expect(found?.size).toBe(bytes.length);
    expect((await read(found!.stream)).equals(bytes)).toBe(true);
  });

  it('keeps nothing of a stream that fails, small or past its first part', async () => {
    for (const size of [1000, 6 * 1024 * 1024]) {
      const name = `${randomUUID()}.txt`;
      async function* failing() {
        yield Buffer.alloc(size, 'b');
        throw new Error('the source broke');
      }
      await expect(store.putStream(name, Readable.from(failing()))).rejects.toThrow('the source broke');
      expect(await store.get(name)).toBeNull();
    }
  });
});

describe('the workbench on S3', () => {
  it('uploads each allowed kind (and refuses others) and serves them back through the signed link', async () => {
    for (const [name, bytes] of Object.entries(await samples())) {
      const res = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(bytes, name) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const { link, name: objectName } = res.json().data;
      expect((await read((await store.get(objectName))!.stream)).equals(bytes), name).toBe(true);
      const served = await fetchFile(link);
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload.equals(bytes), name).toBe(true);
    }
    const refused = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(Buffer.from('<html><script>x</script></html>'), 'a.pdf') });
    expect(refused.statusCode).toBe(400);
  });

  it('streams a large upload to the bucket, and refuses one over the limit leaving nothing behind', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 'x');
    const res = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(big, 'big.txt') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fetchFile(res.json().data.link)).rawPayload.equals(big)).toBe(true);
    const before = (await t.ctx.database.db.select({ id: attach.id }).from(attach)).length;
    const over = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(Buffer.alloc(MAX + 1, 'x'), 'over.txt') });
    expect(over.json()).toMatchObject({ code: 400, msg: '文件 file 不能超过 8MB' });
    expect((await t.ctx.database.db.select({ id: attach.id }).from(attach)).length).toBe(before);
  });

  it('an avatar (put-file) is stored in the bucket and served', async () => {
    const picture = png();
    const res = await admin.call({ method: 'POST', url: '/us-resource/oss/endpoint/put-file', ...multipart(picture, 'me.png', 'image/png') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fetchFile(res.json().data.link)).rawPayload.equals(picture)).toBe(true);
  });

  it('the signed-URL flow: a presigned PUT straight to the bucket with the returned headers, then the file at url', async () => {
    const book = await xlsx();
    const res = await sign('报表.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const { signedUrl, actualSignedRequestHeaders, url } = res.json().data;
    expect(signedUrl.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/`)).toBe(true);
    expect(new URL(signedUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('host;if-none-match');
    expect(actualSignedRequestHeaders).toEqual({ 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'If-None-Match': '*' });
    // recorded when signed, with nothing received yet
    const objectName = `${/file\/([0-9a-f-]{36})-/.exec(url)![1]}.xlsx`;
    const [signed] = await t.ctx.database.db.select().from(attach).where(eq(attach.name, objectName));
    expect(signed).toMatchObject({ originalName: '报表.xlsx', attachSize: 0 });
    expect((await fetchFile(url)).statusCode).toBe(404);

    const put = await fetch(signedUrl, { method: 'PUT', headers: actualSignedRequestHeaders, body: new Uint8Array(book) });
    expect(put.status, await put.clone().text()).toBe(200);
    const served = await fetchFile(url);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.rawPayload.equals(book)).toBe(true);
    expect(served.headers['content-disposition']).toContain(encodeURIComponent('报表.xlsx'));
    // checked on its first serving, and recorded with its size
    const [checked] = await t.ctx.database.db.select().from(attach).where(eq(attach.name, objectName));
    expect(checked.attachSize).toBe(book.length);
  });

  it('the presigned address lives as long as a signed upload, and names its object and headers', async () => {
    // s3rver checks a presigned address's key and expiry but not its V4 signature: what the signature
    // covers is read here from the address, and AWS's own checks are AWS's
    const { signedUrl } = (await sign('a.txt')).json().data;
    const q = new URL(signedUrl).searchParams;
    expect(q.get('X-Amz-Expires')).toBe(String(SIGNED_UPLOAD_SECONDS));
    expect(q.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // no checksum parameters a browser could not satisfy
    expect([...q.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    // an address past its time is refused by the bucket
    const old = new URL(signedUrl);
    old.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(old, { method: 'PUT', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'If-None-Match': '*' }, body: 'x' })).status).toBe(403);
  });

  it("the shell's Content-Security-Policy lets the browser PUT to the bucket, and only there", async () => {
    const { signedUrl } = (await sign('a.txt')).json().data;
    const csp = String((await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)![1].split(' ');
    expect(connect).toContain(new URL(signedUrl).origin);
    expect(uploadOriginOf({ ...s3.settings, forcePathStyle: false })).toBe(`http://wb-files.127.0.0.1:${new URL(s3.settings.endpoint!).port}`);
    expect(uploadOriginOf({ bucket: 'b', region: 'eu-west-1', forcePathStyle: false })).toBe('https://b.s3.eu-west-1.amazonaws.com');
  });

  it('a file put to the bucket that is not what its name says, or too large, is refused when first served and removed', async () => {
    for (const [fileName, body] of [
      ['x.png', Buffer.from('<html><body onload=alert(1)></body></html>')],
      ['y.txt', Buffer.alloc(MAX + 1, 'y')],
    ] as const) {
      const { signedUrl, actualSignedRequestHeaders, url } = (await sign(fileName)).json().data;
      expect((await fetch(signedUrl, { method: 'PUT', headers: actualSignedRequestHeaders, body: new Uint8Array(body) })).status).toBe(200);
      const served = await fetchFile(url);
      expect(served.statusCode, fileName).toBe(400);
      expect(served.json()).toMatchObject({ success: false, data: { field: 'file' } });
      const objectName = `${/file\/([0-9a-f-]{36})-/.exec(url)![1]}.${fileName.split('.')[1]}`;
      expect(await store.get(objectName)).toBeNull();
      expect((await fetchFile(url)).statusCode).toBe(404);
    }
  });

  it('an export job writes its file to the bucket, and the download centre serves it', async () => {
    const started = await admin.call({ method: 'POST', url: '/us-system/param/export-job' });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json().data;
    let job: { jobStatus: number; fileUrl: string; fileSize: number } | undefined;
    for (let i = 0; i < 100 && job?.jobStatus !== 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const list = (await admin.call({ method: 'GET', url: '/us-resource/base/download/downloadList?current=1&size=10' })).json().data;
      job = list.records.find((r: { id: string }) => r.id === id);
    }
    expect(job).toMatchObject({ jobStatus: 3 });
    const file = await fetchFile(job!.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(job!.fileSize);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('an import job keeps its file in the bucket and reads it back', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('参数');
    sheet.addRow(['参数名称', '参数键名', '参数键值']);
    sheet.addRow(['来自 S3', 's3.imported', 'yes']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await admin.call({ method: 'POST', url: '/us-system/param/import-job?projectId=-1', ...multipart(bytes, '参数.xlsx') });
    expect(res.statusCode, res.body).toBe(200);
    let record: { status: number; successNum: number; obsUrl: string } | undefined;
    for (let i = 0; i < 100 && record?.status !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      record = (await admin.call({ method: 'GET', url: `/us-resource/file-import/getById?id=${res.json().data.id}` })).json().data;
    }
    expect(record).toMatchObject({ status: 1, successNum: 1 });
    expect((await fetchFile(record!.obsUrl)).rawPayload.equals(bytes)).toBe(true);
  });
});
