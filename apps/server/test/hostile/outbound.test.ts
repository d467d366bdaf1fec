import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOP_PATHS } from '@wb/contracts/resources/develop';
import { datasource, errorLog, oss, sms, smsOutbox } from '../../src/db/schema/index';
import { ObjectStores, STORAGE_UNAVAILABLE } from '../../src/platform/object-stores';
import { Outbound, OUTBOUND_REFUSED } from '../../src/platform/outbound';
import { as, testApp, type TestApp } from '../helper';
import { multipart, png } from '../support/sample-files';

/**
 * A tenant administrator (and the platform's) pointing the server's own requests at the machine
 * and its networks (issue 30, item 1): object storage, SMS providers, datasources and 测试加载
 * all go through the outbound guard (platform/outbound.ts). With the default configuration
 * (no OUTBOUND_ALLOW) every loopback, private, link-local or metadata address, by number or by a
 * name that resolves to one, is refused with '地址不允许: <host>' naming the field: when saved,
 * and when a row saved before (written straight into the database here) is used. The attack
 * target below counts what reaches it: nothing may. Where a service the operator allows answers
 * with its own words, the tenant reads its status only.
 */

type Who = Awaited<ReturnType<typeof as>>;
type Res = Awaited<ReturnType<Who['call']>>;

/** What an internal service says: it must never reach a tenant. */
const INTERNAL_WORDS = 'redis_version:7.2.4 role:master';

/** A listening service of this machine that counts its requests and answers with internal words; or one that redirects them all to `redirectTo`. */
async function listen(redirectTo?: () => string) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    if (redirectTo) res.writeHead(302, { location: `${redirectTo()}${req.url}` }).end();
    else res.writeHead(500, { 'content-type': 'text/plain' }).end(INTERNAL_WORDS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let tenant: Who;
let platform: Who;
let target: Awaited<ReturnType<typeof listen>>;
let dir: string;

beforeAll(async () => {
  [t, target] = await Promise.all([testApp(), listen()]);
  tenant = await as(t.app, 'admin', '100001');
  platform = await as(t.app);
  dir = mkdtempSync(join(tmpdir(), 'wb-outbound-'));
});
afterAll(async () => {
  await t.close();
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (who: Who, url: string, payload?: object, query?: Record<string, string>) => who.call({ method: 'POST', url, payload, query });
/** the internal addresses of the attack, each by the host it is named with */
const internal = () => [
  [`http://127.0.0.1:${target.port}`, '127.0.0.1'],
  [`http://localhost:${target.port}`, 'localhost'],
  [`http://[::1]:${target.port}`, '::1'],
  [`http://[::ffff:127.0.0.1]:${target.port}`, '::ffff:7f00:1'],
  [`http://2130706433:${target.port}`, '127.0.0.1'],
  [`http://0.0.0.0:${target.port}`, '0.0.0.0'],
  ['http://169.254.169.254', '169.254.169.254'],
  ['http://10.20.30.40:9000', '10.20.30.40'],
  ['http://[fd00::1]:9000', 'fd00::1'],
  // 6to4 of 127.0.0.1, and the benchmarking network
  ['http://[2002:7f00:1::1]:9000', '2002:7f00:1::1'],
  ['http://198.18.0.1:9000', '198.18.0.1'],
];
const refused = (res: Res, field: string, host: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ msg: `${OUTBOUND_REFUSED}${host}`, data: { field } });
};
/** The error log rows of requests: what an administrator reads of failures. */
const errorsOf = async (app: TestApp, ...requestIds: string[]) => {
  await app.ctx.requestLog.flush();
  return app.ctx.database.logs.select().from(errorLog).where(inArray(errorLog.requestId, requestIds));
};
/** a request's headers with its request id, to find its error log row */
const tagged = (requestId: string, headers: Record<string, string> = {}) => ({ ...headers, 'x-request-id': requestId });

describe('the block list', () => {
  const guard = new Outbound([], () => {});
  afterAll(() => guard.close());

  it('refuses the machine, its networks, their translations and tunnels, the reserved and documentation ranges', () => {
    const refusedAddresses = [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.0.0.170', // IETF protocol assignments
      '192.0.2.1', // documentation
      '192.168.1.1',
      '198.18.0.1', // benchmarking
      '198.19.255.254',
      '198.51.100.7', // documentation
      '203.0.113.9', // documentation
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:0:7f00:1', // IPv4-translated
      '64:ff9b::a00:1', // NAT64
      '64:ff9b:1::a00:1', // local-use NAT64
      '100::1', // discard-only
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      'fd00::1',
      'fe80::1',
      'fec0::1', // site-local
      'ff02::1',
    ];
    for (const address of refusedAddresses) expect(guard.permits(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '198.20.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2001:4860::8888']) expect(guard.permits(address), address).toBe(true);
  });
});

describe('a bucket that accepts and never answers', () => {
  it('fails its upload, its streamed upload and its link with storage unavailable within the silence bound, not never', async () => {
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => held.push(socket.on('error', () => {})));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    // the operator allows the address; the bucket behind it stalls every request
    const quiet = new Outbound(['127.0.0.1'], () => {}, { silenceTimeoutMs: 300 });
    const stores = new ObjectStores(t.ctx.database.db, t.ctx.stores.base, t.ctx.secrets, dir, quiet);
    const [row] = await t.ctx.database.db
      .insert(oss)
      .values({
        tenantId: '100001',
        category: 1,
        ossCode: 'silent',
        endpoint: `http://127.0.0.1:${port}`,
        bucketName: 'wb',
        accessKey: 'a',
        secretKey: t.ctx.secrets.seal('b'),
        status: 1,
      })
      .returning();
    try {
      const store = await stores.holding(row.id);
      const started = performance.now();
      const name = () => `${randomUUID()}.png`;
      const failures = await Promise.allSettled([store.put(name(), png()), store.get(name()), store.putStream(name(), Readable.from([png()]))]);
      // three attempts of 300 ms each and the SDK's backoff between them
      expect(performance.now() - started).toBeLessThan(10_000);
      for (const failure of failures) expect(failure).toMatchObject({ status: 'rejected', reason: { statusCode: 503, message: STORAGE_UNAVAILABLE } });
      // each call reached the bucket (no refusal) and waited there
      expect(held.length).toBeGreaterThanOrEqual(3);
    } finally {
      for (const socket of held) socket.destroy();
      await quiet.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await t.ctx.database.db.update(oss).set({ isDeleted: 1 }).where(eq(oss.id, row.id));
    }
  }, 20_000);
});

describe('object storage (对象存储)', () => {
  it('refuses an endpoint on this machine, its networks or the metadata service, by number or by name, naming endpoint', async () => {
    for (const [endpoint, host] of internal()) {
      const res = await post(tenant, '/us-resource/oss/submit', { category: 1, ossCode: `evil-${host}`, endpoint, bucketName: 'wb', accessKey: 'a', secretKey: 'b' });
      refused(res, 'endpoint', host);
    }
    expect(target.hits).toEqual([]);
  });

  it('answers storage unavailable for a configuration saved before the guard; nothing reaches the address, and the error log holds the reason, not its words', async () => {
    const [row] = await t.ctx.database.db
      .insert(oss)
      .values({
        tenantId: '100001',
        category: 1,
        ossCode: 'older',
        endpoint: `http://127.0.0.1:${target.port}`,
        bucketName: 'wb',
        accessKey: 'a',
        secretKey: t.ctx.secrets.seal('b'),
        status: 2,
      })
      .returning();
    // the signed-URL flow of the attack: the address to PUT to, then the file's link
    const signed = await tenant.call({ method: 'GET', url: '/wwy-us-adapter/biz/file/createSignedUrlSync/report.txt' });
    expect(signed.statusCode, signed.body).toBe(200);
    const { signedUrl, url } = signed.json().data as { signedUrl: string; url: string };
    const put = await t.app.inject({ method: 'PUT', url: signedUrl, headers: tagged('older-put', { 'content-type': 'text/plain; charset=utf-8' }), payload: 'hello' });
    expect(put.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });
    const read = await t.app.inject({ method: 'GET', url, headers: tagged('older-get') });
    expect(read.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });
    const file = multipart(png(), 'a.png', 'image/png');
    const upload = await tenant.call({ method: 'POST', url: '/us/file/biz/file/upload', ...file, headers: tagged('older-upload', file.headers) });
    expect(upload.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });
    expect(target.hits).toEqual([]);

    const errors = await errorsOf(t, 'older-put', 'older-get', 'older-upload');
    expect(errors.map((e) => e.requestId).sort()).toEqual(['older-get', 'older-put', 'older-upload']);
    for (const e of errors) expect(e.stack).toContain(`Caused by (对象存储 older): ${OUTBOUND_REFUSED}127.0.0.1`);
    await t.ctx.database.db.update(oss).set({ status: 1, isDeleted: 1 }).where(eq(oss.id, row.id));
  });
});

describe('SMS providers (短信配置)', () => {
  it('refuses a provider address on this machine or its networks, naming endpoint, and one that is no http(s) address', async () => {
    for (const [endpoint, host] of internal()) refused(await post(tenant, '/us-resource/sms/submit', { category: 1, smsCode: 'evil', secretKey: 'k', endpoint }), 'endpoint', host);
    const ftp = await post(tenant, '/us-resource/sms/submit', { category: 1, smsCode: 'evil', secretKey: 'k', endpoint: 'file:///etc/passwd' });
    expect(ftp.json()).toMatchObject({ code: 400, data: { field: 'endpoint' } });
    expect(target.hits).toEqual([]);
  });

  it('does not send through a configuration saved before the guard: the tenant reads the refusal, the address receives nothing', async () => {
    await t.ctx.database.db
      .insert(sms)
      .values({ tenantId: '100001', category: 1, smsCode: 'older', secretKey: t.ctx.secrets.seal('k'), endpoint: `http://127.0.0.1:${target.port}`, status: 2 });
    const res = await post(tenant, '/us-resource/sms/endpoint/send-message', { phones: '13900000301', params: '{"code":"1"}' });
    expect(res.json()).toMatchObject({ code: 400, msg: `短信服务无法连接 (${OUTBOUND_REFUSED}127.0.0.1)`, data: { field: 'phones' } });
    const [sent] = await t.ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13900000301'));
    expect(sent).toMatchObject({ sent: 0, error: `短信服务无法连接 (${OUTBOUND_REFUSED}127.0.0.1)` });
    expect(target.hits).toEqual([]);
    await t.ctx.database.db.update(sms).set({ status: 1, isDeleted: 1 }).where(eq(sms.tenantId, '100001'));
  });
});

describe('datasources (数据源管理, code generation)', () => {
  it('refuses an address on this machine, naming url', async () => {
    for (const url of ['postgresql://127.0.0.1:5432/postgres', 'jdbc:postgresql://localhost/x', 'postgresql://[::1]/x', 'postgres://169.254.169.254/x', 'postgresql://2130706433/x']) {
      const res = await post(platform, '/us-develop/datasource/submit', { name: 'scan', url, username: 'u', password: 'p' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toMatch(new RegExp(`^${OUTBOUND_REFUSED}`));
      expect(res.json().data).toEqual({ field: 'url' });
    }
  });

  it('answers the same refusal for every port of a stored address: no port scanner', async () => {
    const answers = new Set<string>();
    for (const port of [1, 22, 5432, 6379, target.port]) {
      const [row] = await t.ctx.database.db
        .insert(datasource)
        .values({ name: `scan ${port}`, url: `postgresql://127.0.0.1:${port}/x`, username: 'u' })
        .returning();
      const res = await post(platform, '/us-develop/datasource/test-connection', undefined, { id: String(row.id) });
      expect(res.statusCode).toBe(400);
      answers.add(res.body);
      // code generation reads the datasource's catalogue the same way
      const tables = await platform.call({ method: 'GET', url: DEVELOP_PATHS.tableList, query: { datasourceId: String(row.id) } });
      expect(tables.json()).toMatchObject({ code: 400, msg: `${OUTBOUND_REFUSED}127.0.0.1`, data: { field: 'datasourceId' } });
    }
    expect([...answers]).toEqual([JSON.stringify({ code: 400, success: false, data: { field: 'url' }, msg: `${OUTBOUND_REFUSED}127.0.0.1` })]);
    expect(target.hits).toEqual([]);
  });

  it('refuses parameters that read a file or pick a socket, saved or stored, never a 500, and a FIFO freezes nothing', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const urls = [
      `postgresql://db.example.com/x?sslrootcert=${fifo}`,
      'postgresql://db.example.com/x?sslrootcert=/no/such/file',
      'postgresql://db.example.com/x?sslkey=/etc/shadow',
      'postgresql://db.example.com/x?sslcert=/etc/passwd&sslmode=require',
      'postgresql://db.example.com/x?host=/var/run/postgresql',
      'postgresql://db.example.com/x?options=-c%20statement_timeout%3D0',
      'postgresql://db.example.com/x?sslmode=bogus',
      'postgresql:///x',
      'postgresql://%2Fvar%2Frun%2Fpostgresql/x',
    ];
    for (const url of urls) {
      const saved = await post(platform, '/us-develop/datasource/submit', { name: 'files', url, username: 'u', password: 'p' });
      expect(saved.statusCode, url).toBe(400);
      expect(saved.json().data, url).toEqual({ field: 'url' });
      const [row] = await t.ctx.database.db.insert(datasource).values({ name: 'files', url, username: 'u' }).returning();
      const used = await post(platform, '/us-develop/datasource/test-connection', undefined, { id: String(row.id) });
      expect(used.statusCode, url).toBe(400);
      expect(used.json().data, url).toEqual({ field: 'url' });
    }
  });
});

describe('sub-apps (测试加载)', () => {
  const register = async (serviceName: string, host: string) => {
    const res = await post(tenant, '/us-system/sub-app/submit', { name: serviceName, serviceName, prefix: `/${serviceName}`, host, defaultPath: 'a', routerMode: 'hash' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  it('refuses to load an entry on this machine or its networks, naming host; the address receives nothing', async () => {
    let n = 0;
    for (const [origin, host] of internal()) {
      const id = await register(`evil${n++}`, `${origin}/app/`);
      refused(await post(tenant, '/us-system/sub-app/test-load', undefined, { id }), 'host', host);
    }
    expect(target.hits).toEqual([]);
  });

  it('asks this server itself for an entry of its own origin, whatever origin the caller claims', async () => {
    const id = await register('own', '/subapps/own/');
    const res = await tenant.call({ method: 'POST', url: '/us-system/sub-app/test-load', query: { id }, headers: { origin: `http://127.0.0.1:${target.port}` } });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, page] = res.json().data.items;
    expect(entry).toEqual({ label: '入口地址', value: `http://127.0.0.1:${target.port}/subapps/own/` });
    // this server's own answer: no app is deployed there
    expect(page).toMatchObject({ label: '页面', ok: false, value: expect.stringMatching(/^HTTP 404 /) });
    expect(target.hits).toEqual([]);
  });
});

describe('odd addresses', () => {
  const ODD = [
    'http://[x',
    'http://a:99999',
    'http://%',
    'http://',
    `http://${'x'.repeat(300)}`,
    'javascript:alert(1)',
    'postgresql://[',
    'postgresql://h:99999/x',
    'jdbc:postgresql://h/%zz',
    ' ',
    '1',
  ];

  it('answer a 4xx naming the field, never a 5xx', async () => {
    for (const [i, v] of ODD.entries()) {
      const answers = [
        await post(tenant, '/us-resource/oss/submit', { category: 1, ossCode: `odd${i}`, endpoint: v, bucketName: 'b', accessKey: 'a', secretKey: 'b' }),
        await post(tenant, '/us-resource/sms/submit', { category: 1, smsCode: `odd${i}`, secretKey: 'k', endpoint: v }),
        await post(platform, '/us-develop/datasource/submit', { name: `odd${i}`, url: v, username: 'u' }),
      ];
      for (const res of answers) expect(res.statusCode, `${v}: ${res.body}`).toBeLessThan(500);
      for (const res of answers) if (res.statusCode === 400) expect(res.json().data.field, v).toMatch(/^(endpoint|url)$/);
    }
  });
});

describe('with OUTBOUND_ALLOW naming a stand-in (localhost)', () => {
  let allowing: TestApp;
  let admin: Who;
  let redirector: Awaited<ReturnType<typeof listen>>;
  const viaName = (port: number) => `http://localhost:${port}`;

  beforeAll(async () => {
    // the name is allowed, not the address it resolves to: a redirect to 127.0.0.1 is still refused
    [allowing, redirector] = await Promise.all([testApp({ outboundAllow: ['localhost'] }), listen(() => `http://127.0.0.1:${target.port}`)]);
    admin = await as(allowing.app, 'admin', '100001');
  });
  afterAll(async () => {
    await allowing?.close();
    await redirector?.close();
  });

  it('follows no redirect to an address it refuses: SMS, object storage and 测试加载', async () => {
    const call = (url: string, payload?: object, query?: Record<string, string>) => admin.call({ method: 'POST', url, payload, query });
    expect((await call('/us-resource/sms/submit', { category: 1, smsCode: 'hop', secretKey: 'k', endpoint: viaName(redirector.port) })).statusCode).toBe(200);
    const [config] = await allowing.ctx.database.db.select().from(sms).where(eq(sms.smsCode, 'hop'));
    await call('/us-resource/sms/enable', undefined, { id: String(config.id) });
    const sent = await call('/us-resource/sms/endpoint/send-message', { phones: '13900000302', params: '{"code":"1"}' });
    expect(sent.json()).toMatchObject({ code: 400, msg: `短信服务无法连接 (${OUTBOUND_REFUSED}127.0.0.1)` });

    const sub = await call('/us-system/sub-app/submit', {
      name: 'hop',
      serviceName: 'hop',
      prefix: '/hop',
      host: `${viaName(redirector.port)}/app/`,
      defaultPath: 'a',
      routerMode: 'hash',
    });
    expect(sub.statusCode).toBe(200);
    refused(await call('/us-system/sub-app/test-load', undefined, { id: sub.json().data.id }), 'host', '127.0.0.1');

    // the S3 client follows no redirect at all: the 302 is the reason
    const store = await call('/us-resource/oss/submit', { category: 1, ossCode: 'hop', endpoint: viaName(redirector.port), bucketName: 'wb', accessKey: 'a', secretKey: 'b' });
    expect(store.statusCode, store.body).toBe(200);
    await call('/us-resource/oss/enable', undefined, { id: store.json().data.id });
    const upload = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(png(), 'a.png', 'image/png') });
    expect(upload.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });

    expect(redirector.hits.length).toBeGreaterThanOrEqual(3);
    expect(target.hits).toEqual([]);
  });

  it('works with an allowed service, and tells the tenant its status, never its words', async () => {
    const call = (url: string, payload?: object, query?: Record<string, string>) => admin.call({ method: 'POST', url, payload, query });
    const saved = await call('/us-resource/sms/submit', { category: 1, smsCode: 'talker', secretKey: 'k', endpoint: viaName(target.port) });
    expect(saved.statusCode, saved.body).toBe(200);
    await call('/us-resource/sms/enable', undefined, { id: saved.json().data.id });
    const sent = await call('/us-resource/sms/endpoint/send-message', { phones: '13900000303', params: '{"code":"1"}' });
    expect(sent.json()).toMatchObject({ code: 400, msg: '短信服务拒绝发送 (HTTP 500)' });
    const [outbox] = await allowing.ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13900000303'));
    expect(outbox.error).toBe('短信服务拒绝发送 (HTTP 500)');

    const store = await call('/us-resource/oss/submit', { category: 1, ossCode: 'talker', endpoint: viaName(target.port), bucketName: 'wb', accessKey: 'a', secretKey: 'b' });
    await call('/us-resource/oss/enable', undefined, { id: store.json().data.id });
    const file = multipart(png(), 'a.png', 'image/png');
    const upload = await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...file, headers: tagged('talker-001', file.headers) });
    expect(upload.json()).toMatchObject({ code: 503, msg: STORAGE_UNAVAILABLE });
    expect(target.hits.length).toBeGreaterThan(0);
    const [error] = await errorsOf(allowing, 'talker-001');
    expect(error.stack).toContain('Caused by (对象存储 talker): HTTP 500');
    for (const text of [sent.body, upload.body, outbox.error, error.stack, error.message]) expect(text).not.toContain('redis_version');
  });
});
