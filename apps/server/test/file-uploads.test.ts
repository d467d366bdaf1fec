import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach } from '../src/db/schema/index';
import { UploadLinks } from '../src/modules/resource/signed-uploads';
import { as, testApp, type TestApp } from './helper';
import { multipart, png, samples, xlsx } from './support/sample-files';

/** The general upload and the signed-URL upload on local disk (shell spec §7 'Files', §8). */

type Who = Awaited<ReturnType<typeof as>>;
const MAX = 64 * 1024;
const SIGNED_LINK = /^\/us-resource\/oss\/endpoint\/file\/([0-9a-f-]{36})-(\d{6})-\d+-[\w-]{22}\.([a-z]+)$/;

let t: TestApp;
let adminA: Who;
let adminB: Who;

beforeAll(async () => {
  t = await testApp({ uploadMaxBytes: MAX });
  adminA = await as(t.app);
  adminB = await as(t.app, 'admin', '100001');
});
afterAll(() => t.close());

const upload = (who: Who, bytes: Buffer, filename: string, type?: string) => who.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(bytes, filename, type) });
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
const sign = (who: Who, fileName: string) => who.call({ method: 'GET', url: `/wwy-us-adapter/biz/file/createSignedUrlSync/${encodeURIComponent(fileName)}` });
const put = (signedUrl: string, headers: Record<string, string>, payload: Buffer) => t.app.inject({ method: 'PUT', url: signedUrl, headers, payload });

describe('POST /us/file/biz/file/upload', () => {
  it('takes each allowed kind, under a name the server makes, and serves it back as it was', async () => {
    for (const [name, bytes] of Object.entries(await samples())) {
      const res = await upload(adminA, bytes, name, 'application/octet-stream');
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const data = res.json().data;
      const ext = name.split('.').pop();
      expect(data).toMatchObject({ domain: '', originalName: name });
      expect(data.name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect(data.attachId).toMatch(/^\d+$/);
      const m = SIGNED_LINK.exec(data.link);
      expect(m, data.link).not.toBeNull();
      expect(`${m![1]}.${m![3]}`).toBe(data.name);
      const served = await fetchFile(data.link);
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload.equals(bytes), name).toBe(true);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const picture = ['jpg', 'png', 'gif', 'webp'].includes(ext!);
      // pictures are shown, anything else is saved under the name it was uploaded with
      if (picture) expect(served.headers['content-disposition'], name).toBeUndefined();
      else expect(served.headers['content-disposition'], name).toBe(`attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      const [row] = await t.ctx.database.db.select().from(attach).where(eq(attach.name, data.name));
      expect(row).toMatchObject({ tenantId: '000000', originalName: name, extension: ext, attachSize: bytes.length, link: `/us-resource/oss/endpoint/file/${data.name}` });
    }
  });

  it('judges by content, not by the name or the type the browser sent', async () => {
    const all = await samples();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const refusals: [string, Buffer, string][] = [
      ['a renamed program', exe, 'setup.pdf'],
      ['a renamed program as a picture', exe, 'photo.png'],
      ['an HTML page as a text', Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'page.txt'],
      ['an HTML page as a CSV', Buffer.from('a,b\n<script>alert(1)</script>\n'), 'data.csv'],
      ['an SVG as a PNG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png'],
      ['a PNG with a page after its end', png(Buffer.from('<html><body onload=alert(1)>')), 'x.png'],
      ['a PNG named as a JPEG', png(), 'x.jpg'],
      ['a plain zip named as a workbook', all['资料.zip'], 'x.xlsx'],
      ['a workbook named as a document', all['报表.xlsx'], 'x.docx'],
      ['a Word file named as a spreadsheet', all['旧文档.doc'], 'x.xls'],
      ['text with NUL', Buffer.from('abc\u0000def'), 'x.txt'],
      ['text that is not UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'x.csv'],
      ['an empty file', Buffer.alloc(0), 'x.txt'],
    ];
    for (const [what, bytes, name] of refusals) {
      const res = await upload(adminA, bytes, name, 'image/png');
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 400, success: false, data: { field: 'file' } });
      expect(res.json().msg, what).toMatch(/^文件 file /);
    }
    for (const name of ['page.html', 'icon.svg', 'setup.exe', 'noextension', 'x.js']) {
      const res = await upload(adminA, Buffer.from('hello'), name, 'text/plain');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toContain('文件 file 的类型不支持');
    }
    expect((await upload(adminA, Buffer.from('<svg/>'), 'x.txt')).json().msg).toBe('文件 file 中含有网页代码, 不能上传');
  });

  it('refuses a file over the size limit with a message that says the limit, and keeps nothing of it', async () => {
    const count = async () => (await t.ctx.database.db.select({ id: attach.id }).from(attach)).length;
    const before = await count();
    const big = Buffer.concat([png(), Buffer.alloc(MAX, 0x30)]);
    const res = await upload(adminA, big, 'big.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '文件 file 不能超过 64KB', data: { field: 'file' } });
    const exactly = Buffer.concat([Buffer.from('a'.repeat(MAX))]);
    expect((await upload(adminA, exactly, 'max.txt')).statusCode).toBe(200);
    expect((await upload(adminA, Buffer.concat([exactly, Buffer.from('b')]), 'over.txt')).statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('keeps only the base name of what the browser sent, without control characters, and answers a safe download name', async () => {
    const res = await upload(adminA, Buffer.from('x'), '../../etc/报告\t.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.originalName).toBe('报告.txt');
    // a name can say anything through the signed upload's path: quotes and line breaks stay out of the header
    const { signedUrl, actualSignedRequestHeaders, url } = (await sign(adminA, 'C:\\tmp\\"evil"\r\nSet-Cookie: a=b.txt')).json().data;
    expect((await put(signedUrl, actualSignedRequestHeaders, Buffer.from('x'))).statusCode).toBe(200);
    const served = await fetchFile(url);
    expect(served.headers['content-disposition']).toBe(`attachment; filename="_evil_Set-Cookie: a=b.txt"; filename*=UTF-8''${encodeURIComponent('"evil"Set-Cookie: a=b.txt')}`);
    expect(served.headers['set-cookie']).toBeUndefined();
  });

  it('asks for a multipart body with a file', async () => {
    const res = await adminA.call({ method: 'POST', url: '/us/file/biz/file/upload', payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ field: 'file' });
    expect((await t.app.inject({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(Buffer.from('x'), 'x.txt') })).statusCode).toBe(401);
  });
});

describe('the signed-URL upload (local disk)', () => {
  it('signs by file name, takes the PUT with the returned headers, and serves the file at url', async () => {
    const book = await xlsx();
    const res = await sign(adminA, '2024年第三季度运营报表汇总(终版).xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const { signedUrl, actualSignedRequestHeaders, url } = res.json().data;
    expect(signedUrl).toMatch(/^\/us-resource\/oss\/endpoint\/signed-upload\/[0-9a-f-]{36}\.xlsx\?tenant=000000&user=\d+&expires=\d+&signature=[\w-]{22}$/);
    expect(actualSignedRequestHeaders).toEqual({ 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(url).toMatch(SIGNED_LINK);
    // nothing is there until it is uploaded
    expect((await fetchFile(url)).statusCode).toBe(404);

    const stored = await put(signedUrl, actualSignedRequestHeaders, book);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ code: 200, success: true });
    const served = await fetchFile(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(book)).toBe(true);
    expect(served.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(served.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('2024年第三季度运营报表汇总(终版).xlsx')}`);
  });

  it('refuses the same address a second time: an uploaded file is never replaced', async () => {
    const { signedUrl, actualSignedRequestHeaders, url } = (await sign(adminA, 'a.txt')).json().data;
    expect((await put(signedUrl, actualSignedRequestHeaders, Buffer.from('first'))).statusCode).toBe(200);
    const again = await put(signedUrl, actualSignedRequestHeaders, Buffer.from('second'));
    expect(again.statusCode).toBe(403);
    expect(again.json().msg).toBe('该上传地址已使用过, 请重新获取上传地址');
    expect((await fetchFile(url)).body).toBe('first');
  });

  it('two PUTs of one address at once: one is stored, the other refused', async () => {
    const { signedUrl, actualSignedRequestHeaders, url } = (await sign(adminA, 'race.txt')).json().data;
    const answers = await Promise.all(['one', 'two'].map((b) => put(signedUrl, actualSignedRequestHeaders, Buffer.from(b.repeat(5000)))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const body = (await fetchFile(url)).body;
    expect(['one'.repeat(5000), 'two'.repeat(5000)]).toContain(body);
  });

  it('refuses an altered, expired or foreign signature, and other headers or content than signed', async () => {
    const { signedUrl, actualSignedRequestHeaders } = (await sign(adminA, '图.png')).json().data;
    const picture = png();
    const u = new URL(signedUrl, 'http://x');
    const altered = (key: string, value: string) => {
      const v = new URL(u);
      v.searchParams.set(key, value);
      return v.pathname + v.search;
    };
    const sig = u.searchParams.get('signature')!;
    const refused = [
      altered('signature', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      altered('tenant', '100001'),
      altered('user', '1'),
      altered('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      signedUrl.replace(/[0-9a-f]{8}-/, '00000000-'),
      signedUrl.replace('.png?', '.jpg?'),
    ];
    for (const address of refused) {
      const res = await put(address, actualSignedRequestHeaders, picture);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().msg).toBe('上传地址无效或已过期, 请重新获取上传地址');
    }
    // signed with another secret, or expired
    const name = u.pathname.split('/').pop()!;
    const { tenant, user } = Object.fromEntries(u.searchParams);
    expect((await put(new UploadLinks('another-secret').sign(name, tenant, user), actualSignedRequestHeaders, picture)).statusCode).toBe(403);
    const old = new UploadLinks(t.ctx.config.jwtSecret).sign(name, tenant, user, Date.now() - 11 * 60_000);
    expect((await put(old, actualSignedRequestHeaders, picture)).statusCode).toBe(403);
    // the signed type only, and content that is that type
    const wrongType = await put(signedUrl, { 'Content-Type': 'text/html' }, picture);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().msg).toBe('请求头 Content-Type 应为 image/png');
    const html = await put(signedUrl, actualSignedRequestHeaders, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ data: { field: 'file' } });
    const tooBig = await put(signedUrl, actualSignedRequestHeaders, Buffer.concat([picture, Buffer.alloc(MAX)]));
    expect(tooBig.json().msg).toBe('文件 file 不能超过 64KB');
    // a refused PUT spends nothing: the genuine picture still goes in
    expect((await put(signedUrl, actualSignedRequestHeaders, picture)).statusCode).toBe(200);
  });

  it('signs only allowed kinds, named by their extension', async () => {
    for (const name of ['page.html', 'x.svg', 'noext', 'a.exe']) {
      const res = await sign(adminA, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ data: { field: 'id' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/wwy-us-adapter/biz/file/createSignedUrlSync/a.png' })).statusCode).toBe(401);
  });

  it("another tenant gets nothing from the file's link, signed for it or not", async () => {
    const { signedUrl, actualSignedRequestHeaders, url } = (await sign(adminA, 'mine.pdf')).json().data;
    const pdf = (await samples())['合同.pdf'];
    expect((await put(signedUrl, actualSignedRequestHeaders, pdf)).statusCode).toBe(200);
    const name = `${SIGNED_LINK.exec(url)![1]}.pdf`;
    // B stores A's link in its own record: B's answers sign it for B, and B's link serves nothing
    await adminB.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: `/us-resource/oss/endpoint/file/${name}` } });
    const bLink = (await adminB.call({ method: 'GET', url: '/us-user/info' })).json().data.avatar;
    expect(SIGNED_LINK.exec(bLink)![2]).toBe('100001');
    expect((await fetchFile(bLink)).statusCode).toBe(404);
    await adminB.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: '' } });
  });
});
