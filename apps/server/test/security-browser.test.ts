import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema/index';
import { FileLinks, fileLinksOf } from '../src/modules/resource/files';
import { loadConfig } from '../src/platform/config';
import { as, login, testApp, type TestApp } from './helper';

/**
 * The browser side of the server: security headers on every answer (API JSON, the
 * shell's page, the sub-apps' files), no `*` CORS on pages, sub-app addresses that
 * cannot run script, and uploaded files behind tenant-scoped, expiring signed links.
 */

// a stand-in for the built shell and one built sub-app
const dirs = mkdtempSync(join(tmpdir(), 'wb-browser-'));
const shellDir = join(dirs, 'shell');
const subappsDir = join(dirs, 'subapps');
mkdirSync(join(shellDir, 'assets'), { recursive: true });
mkdirSync(join(subappsDir, 'demo', 'dist', 'assets'), { recursive: true });
writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>shell page</title>');
writeFileSync(join(shellDir, 'assets', 'index-1234.js'), 'console.log("shell")');
writeFileSync(join(subappsDir, 'demo', 'dist', 'index.html'), '<!doctype html><title>demo sub-app</title>');
writeFileSync(join(subappsDir, 'demo', 'dist', 'assets', 'app-1234.js'), 'console.log("demo")');

const PARTNER = 'https://portal.partner.example.com';
const SUBAPP_ORIGIN = 'https://apps.example.com';

let t: TestApp;
let adminA: Awaited<ReturnType<typeof as>>;
let adminB: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  t = await testApp({ shellDir, subappsDir, frameHosts: [PARTNER], corsOrigins: [SUBAPP_ORIGIN] });
  adminA = await as(t.app);
  adminB = await as(t.app, 'admin', '100001');
});
afterAll(() => t.close());

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** What every answer must carry, whatever it is. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const policy = csp(headers['content-security-policy']);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  // a sub-app's sandbox takes a <base> at its own address (wujie), nowhere else
  expect(policy['base-uri']).toEqual(["'self'", SUBAPP_ORIGIN]);
  expect(policy['frame-ancestors']).toEqual(["'self'", PARTNER]);
  // wujie's needs, and nothing looser: inline scripts in its sandbox, its blob: sandbox page, no eval
  expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'", SUBAPP_ORIGIN]);
  expect(policy['frame-src']).toEqual(expect.arrayContaining(["'self'", 'blob:']));
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // frame-ancestors names a partner, which the old header cannot: it is left out
  expect(headers['x-frame-options']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers: JSON of a signed-in call, a refusal, the health check', async () => {
    const info = await adminA.call({ method: 'GET', url: '/us-user/info' });
    expect(info.statusCode).toBe(200);
    expectSecurityHeaders(info.headers);
    const refused = await t.app.inject({ method: 'GET', url: '/us-user/info' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused.headers);
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/health' })).headers);
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/us-nothing/here' })).headers);
  });

  it("are on the shell's page, at / and at a history-mode route, which never says Access-Control-Allow-Origin: *", async () => {
    for (const url of ['/', '/wel/index', '/system/param?x=1']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', origin: 'https://evil.example.net' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('shell page');
      expectSecurityHeaders(page.headers);
      expect(page.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['access-control-allow-origin']).toBeUndefined();
    expectSecurityHeaders(asset.headers);
  });

  it("a sub-app's page answers only the configured origins; its scripts any origin (a shell elsewhere loads them)", async () => {
    for (const url of ['/subapps/demo/', '/subapps/demo/vehicle']) {
      const stranger = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', origin: 'https://evil.example.net' } });
      expect(stranger.body, url).toContain('demo sub-app');
      expect(stranger.headers['access-control-allow-origin'], url).toBeUndefined();
      expectSecurityHeaders(stranger.headers);
      const configured = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', origin: SUBAPP_ORIGIN } });
      expect(configured.headers['access-control-allow-origin'], url).toBe(SUBAPP_ORIGIN);
    }
    const script = await t.app.inject({ method: 'GET', url: '/subapps/demo/assets/app-1234.js', headers: { origin: 'https://shell.elsewhere.example' } });
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it('without FRAME_HOSTS only this site may frame the workbench, with the old header too; a bad host stops the server', async () => {
    const plain = await testApp({ shellDir });
    try {
      const page = await plain.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(csp(page.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      // /myiframe's default hosts are the frames the shell may show
      expect(csp(page.headers['content-security-policy'])['frame-src']).toEqual(["'self'", 'blob:', 'report.example.com', 'parking.example.com']);
      // the shell's deployments whose API lives on another origin (env.ts ENVIRONMENTS) may be called, nothing else
      expect(csp(page.headers['content-security-policy'])['connect-src']).toEqual([
        "'self'",
        'https://uat-api.workbench.example.com',
        'https://gray-api.workbench.example.com',
        'https://test-api.workbench.example.com',
      ]);
    } finally {
      await plain.close();
    }
    expect(loadConfig({ FRAME_HOSTS: 'https://a.example.com, *.b.example.com:8443', DATA_DIR: ':memory:' }).frameHosts).toEqual(['https://a.example.com', '*.b.example.com:8443']);
    expect(() => loadConfig({ FRAME_HOSTS: "https://a.example.com; script-src 'unsafe-eval'", DATA_DIR: ':memory:' })).toThrow(/FRAME_HOSTS/);
    expect(() => loadConfig({ EMBED_HOSTS: 'javascript:alert(1)', DATA_DIR: ':memory:' })).toThrow(/EMBED_HOSTS/);
    expect(() => loadConfig({ API_ORIGINS: 'https://api.example.com https://evil.example.net', DATA_DIR: ':memory:' })).toThrow(/API_ORIGINS/);
  });
});

describe('sub-app addresses', () => {
  const registry = async () => (await adminA.call({ method: 'GET', url: '/us-system/sub-app/registry' })).json().data as Record<string, unknown>[];
  const submit = (payload: object) => adminA.call({ method: 'POST', url: '/us-system/sub-app/submit', payload });

  it('a host or API address that is not http(s) nor a path of this site is refused, naming the field; nothing is stored', async () => {
    const coredata = (await registry()).find((a) => a.serviceName === 'coredata')!;
    for (const host of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example.net/app/',
      '/\\evil.example.net/',
      'http://[',
      'ftp://files.example.com/',
      'https://user:pw@apps.example.com/',
      ' javascript:alert(1)',
    ]) {
      const res = await submit({ ...coredata, host });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ success: false, data: { field: 'host' } });
      expect(res.json().msg, host).toContain('应用地址');
    }
    const api = await submit({ ...coredata, defaultApiHost: 'javascript:fetch("//evil")' });
    expect(api.statusCode).toBe(400);
    expect(api.json().data).toEqual({ field: 'defaultApiHost' });
    const added = await submit({ name: '坏应用', serviceName: 'evil', prefix: '/evil', host: 'data:text/html,x' });
    expect(added.statusCode).toBe(400);
    const now = await registry();
    expect(now.find((a) => a.serviceName === 'coredata')!.host).toBe('/subapps/coredata/');
    expect(now.find((a) => a.serviceName === 'evil')).toBeUndefined();
  });

  it('http(s) addresses, paths of this site and no address at all are taken', async () => {
    const coredata = (await registry()).find((a) => a.serviceName === 'coredata')!;
    for (const host of ['https://apps.example.com/coredata/', 'http://localhost:5174/', '/subapps/coredata/', '']) {
      const res = await submit({ ...coredata, host, defaultApiHost: host ? 'https://api.example.com' : '' });
      expect(res.json(), host).toMatchObject({ success: true });
      expect((await registry()).find((a) => a.serviceName === 'coredata')!.host, host).toBe(host);
    }
  });
});

/** A real PNG picture (64×64), with extra chunks to carry text. */
function png(extra: Buffer[] = [], side = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (1 + side * 3), 90);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra.map((e) => chunk('tEXt', e)),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 0x41), Buffer.from([0xff, 0xd9])]);

function upload(who: typeof adminA, bytes: Buffer, filename: string, type: string) {
  const boundary = '----wb' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return who.call({ method: 'POST', url: '/us-resource/oss/endpoint/put-file', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

const SIGNED = /^\/us-resource\/oss\/endpoint\/file\/([0-9a-f-]{36})-(\d{6})-(\d+)-[A-Za-z0-9_-]{22}\.(png|jpg)$/;
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('uploaded files', () => {
  it('are served only under a link signed for the uploading tenant, privately cached until it expires', async () => {
    const picture = png();
    const res = await upload(adminA, picture, 'me.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const { link, name } = res.json().data;
    const m = SIGNED.exec(link);
    expect(m, link).not.toBeNull();
    expect(`${m![1]}.png`).toBe(name);
    expect(m![2]).toBe('000000');
    const expires = Number(m![3]);
    // at least as long as an access token (and at most an hour more), so a session's pictures keep showing
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThanOrEqual(now + t.ctx.config.tokenTtl);
    expect(expires).toBeLessThanOrEqual(now + t.ctx.config.tokenTtl + FileLinks.BUCKET_SECONDS);

    const served = await fetchFile(link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Number(/max-age=(\d+)/.exec(String(served.headers['cache-control']))![1])).toBeLessThanOrEqual(expires - now);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(served.headers['content-security-policy'])).toMatchObject({ 'default-src': ["'none'"], sandbox: [] });
    // no token needed: an <img> sends none
    expect(served.headers['access-control-allow-origin']).toBeUndefined();

    // the stored form, the way it used to be served, serves nothing; nor does a link altered in any part
    const stored = `/us-resource/oss/endpoint/file/${name}`;
    expect((await fetchFile(stored)).statusCode).toBe(403);
    expect((await fetchFile(stored)).json()).toMatchObject({ code: 403, success: false, msg: '文件链接无效或已过期, 请刷新页面' });
    expect((await fetchFile(link.replace('-000000-', '-100001-'))).statusCode).toBe(403);
    expect((await fetchFile(link.replace(`-${expires}-`, `-${expires + 3600}-`))).statusCode).toBe(403);
    const sig = link.slice(-26, -4);
    expect((await fetchFile(link.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`))).statusCode).toBe(403);
  });

  it('a link expires, and one signed with another secret is refused', async () => {
    const name = /([0-9a-f-]{36})/.exec((await upload(adminA, png(), 'x.png', 'image/png')).json().data.link)![1] + '.png';
    const links = fileLinksOf(t.ctx);
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    const old = links.sign(name, '000000', dayAgo)!;
    expect(links.verify(old.split('/').pop()!, dayAgo)).not.toBeNull();
    expect((await fetchFile(old)).statusCode).toBe(403);
    const fresh = links.sign(name, '000000')!;
    expect((await fetchFile(fresh)).statusCode).toBe(200);
    const forged = new FileLinks('another-secret', t.ctx.config.tokenTtl).sign(name, '000000')!;
    expect((await fetchFile(forged)).statusCode).toBe(403);
  });

  it("another tenant gets nothing from a link to tenant A's file, even one it stored in its own record", async () => {
    const a = (await upload(adminA, png(), 'a.png', 'image/png')).json().data;
    const stored = `/us-resource/oss/endpoint/file/${a.name}`;
    // B puts A's file in its own avatar: B's answers sign it for B, and B's link serves nothing
    expect((await adminB.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: stored } })).statusCode).toBe(200);
    const bAvatar = (await adminB.call({ method: 'GET', url: '/us-user/info' })).json().data.avatar;
    expect(bAvatar).toMatch(SIGNED);
    expect(SIGNED.exec(bAvatar)![2]).toBe('100001');
    expect((await fetchFile(bAvatar)).statusCode).toBe(404);
    // signed by hand for B: the same
    expect((await fetchFile(fileLinksOf(t.ctx).sign(a.name, '100001')!)).statusCode).toBe(404);
    await adminB.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: '' } });
  });

  it('an avatar keeps working: the signed link a form sends back is stored plain, and every answer signs it again (login too)', async () => {
    const { link } = (await upload(adminA, png(), 'avatar.png', 'image/png')).json().data;
    const plain = `/us-resource/oss/endpoint/file/${SIGNED.exec(link)![1]}.png`;
    expect((await adminA.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: link } })).json()).toMatchObject({ success: true });
    const [row] = await t.ctx.database.db
      .select({ avatar: user.avatar })
      .from(user)
      .where(and(eq(user.account, 'admin'), eq(user.tenantId, '000000')));
    expect(row.avatar).toBe(plain);
    const info = (await adminA.call({ method: 'GET', url: '/us-user/info' })).json().data.avatar;
    expect(info).toMatch(SIGNED);
    expect((await fetchFile(info)).statusCode).toBe(200);
    // the token answer (before any caller exists) signs it for the tenant it was issued for
    const token = await login(t.app);
    expect(token.body.avatar).toMatch(SIGNED);
    expect((await fetchFile(token.body.avatar)).statusCode).toBe(200);
    // an image field of a resource (a project's logo) too
    const MDM = '/wwy-us-mdm/api/v1';
    const [project] = (await adminA.call({ method: 'GET', url: `${MDM}/project/select` })).json().data;
    const detail = (await adminA.call({ method: 'GET', url: `${MDM}/project/detail`, query: { id: project.id } })).json().data;
    const saved = await adminA.call({ method: 'POST', url: `${MDM}/project/submit`, payload: { ...detail, logoUrl: link } });
    expect(saved.json()).toMatchObject({ success: true });
    const logo = (await adminA.call({ method: 'GET', url: `${MDM}/project/detail`, query: { id: project.id } })).json().data.logoUrl;
    expect(logo).toMatch(SIGNED);
    expect((await fetchFile(logo)).statusCode).toBe(200);
    await adminA.call({ method: 'POST', url: '/us-user/update-info', payload: { avatar: '' } });
  });

  it('refuses image/HTML polyglots and pictures of another type than claimed; a plain JPEG and PNG pass', async () => {
    const polyglots: [string, Buffer][] = [
      ['script in a PNG text chunk', png([Buffer.from('Comment\0<script>alert(document.domain)</script>')])],
      ['an HTML page after the PNG end', Buffer.concat([png(), Buffer.from('<html><body onload=alert(1)>')])],
      ['SVG in a JPEG', Buffer.concat([JPEG.subarray(0, 20), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), JPEG.subarray(20)])],
      ['an upper-case iframe', png([Buffer.from('x\0<IFRAME src=//evil>')])],
      ['an XML prolog', png([Buffer.from('x\0<?xml version="1.0"?>')])],
    ];
    for (const [what, bytes] of polyglots) {
      const res = await upload(adminA, bytes, 'me.png', bytes[0] === 0xff ? 'image/jpeg' : 'image/png');
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ success: false, data: { field: 'file' }, msg: '图片中含有网页代码, 请上传普通的 JPG 或 PNG 图片' });
    }
    // the claimed type must be the type the bytes are
    for (const [bytes, type] of [
      [JPEG, 'image/png'],
      [png(), 'image/jpeg'],
      [png(), 'text/html'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ] as const) {
      const res = await upload(adminA, bytes, 'x.png', type);
      expect(res.statusCode, type).toBe(400);
      expect(res.json().msg).toBe('头像只能是 JPG 或 PNG 格式');
    }
    const jpeg = await upload(adminA, JPEG, 'me.jpg', 'image/jpeg');
    expect(jpeg.json().data.link).toMatch(/\.jpg$/);
    expect((await fetchFile(jpeg.json().data.link)).headers['content-type']).toBe('image/jpeg');
    // a text chunk of ordinary words and a '<' that opens no element are fine
    expect((await upload(adminA, png([Buffer.from('Comment\0size < 10 kb, <3 from 深圳')]), 'ok.png', 'image/png')).statusCode).toBe(200);
  });
});
