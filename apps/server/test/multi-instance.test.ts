import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/platform/context';
import type { ImportRecord } from '@wb/contracts/imports';
import { testApp, type TestApp } from './helper';
import { multipart, readBook, rowsOf, xlsx } from './support/imports';

/**
 * Three server instances on one PostgreSQL database behind a small round-robin load
 * balancer, as WORKERS=3 or three containers run them. Every instance caches sessions
 * (10 s), menus (10 s) and list totals (30 s); a logout, a menu edit or a new record made
 * through one holds on the others within a second, through the database's change feed
 * (platform/changes.ts). Each cache is warmed on every instance first, so a pass is the
 * feed's doing and not a cache miss. PostgreSQL only: the embedded database has one owner.
 */

const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;
let first: TestApp;
const instances: FastifyInstance[] = [];
const contexts: AppContext[] = [];
const ports: number[] = [];
let balancer: Server;
let balancerPort = 0;

/** Round robin over the instances' ports, request by request. */
function roundRobin(): Server {
  let next = 0;
  return createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const upstream = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

async function call(port: number, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'tenant-id': '000000', ...(token ? { 'saas-auth': `bearer ${token}` } : { authorization: BASIC }), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
  return { status: res.status, body: (await res.json()) as any };
}

async function loginThroughBalancer(): Promise<string> {
  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: 'admin123', grant_type: 'password', scope: 'all' });
  const res = await call(balancerPort, 'POST', `/us-auth/oauth/token?${q}`);
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** Polls `check` until it holds, for at most one second. */
async function withinASecond(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 1000) throw new Error('not within one second');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('three instances on one PostgreSQL behind a load balancer', () => {
  beforeAll(async () => {
    first = await testApp();
    instances.push(first.app);
    contexts.push(first.ctx);
    for (let i = 0; i < 2; i++) {
      const { app, ctx } = await buildApp({ env: {}, logger: false, config: { ...first.ctx.config } });
      instances.push(app);
      contexts.push(ctx);
    }
    for (const app of instances) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      ports.push((app.server.address() as AddressInfo).port);
    }
    balancer = roundRobin();
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    balancerPort = (balancer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => balancer?.close(resolve));
    for (const app of instances.slice(1)) await app.close();
    await first?.close();
  });

  it('a logout on one instance: the token is refused on the others within a second', async () => {
    const token = await loginThroughBalancer();
    for (const port of ports) expect((await call(port, 'GET', '/us-user/info', token)).status).toBe(200);
    expect((await call(ports[0], 'GET', '/us-auth/oauth/logout', token)).status).toBe(200);
    for (const port of ports.slice(1)) await withinASecond(async () => (await call(port, 'GET', '/us-user/info', token)).status === 401);
  });

  it('a user disabled on one instance: their token is refused on all three within a second', async () => {
    const admin = await loginThroughBalancer();
    const root = (await call(ports[0], 'GET', '/us-system/dept/tree', admin)).body.data[0].id;
    const roles = (await call(ports[0], 'GET', '/us-system/role/tree', admin)).body.data as { id: string; title: string }[];
    const plain = roles.find((r) => r.title === '用户')!.id;
    const added = await call(ports[0], 'POST', '/us-user/submit', admin, { account: 'multi.user', password: 'Multi12345', name: '多', realName: '多实例', roleId: plain, deptId: root });
    expect(added.status).toBe(200);
    const q = new URLSearchParams({ tenantId: '000000', username: 'multi.user', password: 'Multi12345', grant_type: 'password', scope: 'all' });
    const token = (await call(balancerPort, 'POST', `/us-auth/oauth/token?${q}`)).body.access_token as string;
    for (const port of ports) expect((await call(port, 'GET', '/us-user/info', token)).status).toBe(200);
    expect((await call(ports[0], 'POST', `/us-user/disable?userIds=${added.body.data.id}`, admin)).status).toBe(200);
    for (const port of ports) await withinASecond(async () => (await call(port, 'GET', '/us-user/info', token)).status === 401);
  });

  it('an export made on one instance downloads from the others (the file is in the database)', async () => {
    const token = await loginThroughBalancer();
    const job = (await call(ports[0], 'POST', '/us-system/param/export-job', token)).body.data.id as string;
    let url = '';
    for (let i = 0; i < 200 && !url; i++) {
      const rows = (await call(ports[0], 'GET', '/us-resource/base/download/downloadList?current=1&size=10&projectId=-1', token)).body.data.records as { id: string; fileUrl: string }[];
      url = rows.find((r) => r.id === job)?.fileUrl ?? '';
      if (!url) await new Promise((r) => setTimeout(r, 100));
    }
    expect(url).not.toBe('');
    const fromA = Buffer.from(await (await fetch(`http://127.0.0.1:${ports[0]}${url}`)).arrayBuffer());
    for (const port of ports.slice(1)) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status, `port ${port}`).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(fromA)).toBe(true);
    }
  });

  it('imports uploaded through the balancer all succeed, whichever instance claims each, and their error files download from every instance', async () => {
    // twelve uploads, each to the next instance, each claimed by whichever instance polls first:
    // were the uploaded file on its instance's disk, most would end '导入文件已不存在'
    const token = await loginThroughBalancer();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { payload, headers } = multipart(
        `多实例${i}.xlsx`,
        await xlsx([
          ['参数名称', '参数键名', '参数键值'],
          [`多实例${i}`, `multi.import.${i}`, 'v'],
          ['', `multi.import.${i}.bad`, 'v'],
        ]),
      );
      const res = await fetch(`http://127.0.0.1:${balancerPort}/us-system/param/import-job?projectId=-1`, {
        method: 'POST',
        headers: { ...headers, 'tenant-id': '000000', 'saas-auth': `bearer ${token}` },
        body: payload,
      });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const done: ImportRecord[] = [];
    for (const id of ids) {
      for (let tries = 0; ; tries++) {
        const found = (await call(balancerPort, 'GET', `/us-resource/file-import/getById?id=${id}`, token)).body.data as ImportRecord;
        if (found.status === 1) {
          done.push(found);
          break;
        }
        if (tries > 300) throw new Error(`import ${id} still running`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(done.map((d) => [d.successNum, d.failedNum, d.errorMsg])).toEqual(ids.map(() => [1, 1, '']));
    for (const port of ports) {
      const errors = await fetch(`http://127.0.0.1:${port}/us-resource/file-import/export?importId=${done[0].id}`, {
        headers: { 'tenant-id': '000000', 'saas-auth': `bearer ${token}` },
      });
      expect(errors.status, `port ${port}`).toBe(200);
      const rows = rowsOf((await readBook(Buffer.from(await errors.arrayBuffer()))).worksheets[0]);
      expect(rows.some((r) => r.includes('multi.import.0.bad'))).toBe(true);
    }
  });

  it('a 100 MB file written through one instance streams from another, never whole in memory', async () => {
    const name = `${randomUUID()}.bin`;
    const MB = 1024 * 1024;
    const size = 100 * MB;
    // what is still held (collected first), not the garbage a collection would free
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sample = () => {
      gc();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
    };
    const block = Buffer.alloc(MB, 7);
    async function* bytes() {
      for (let sent = 0; sent < size; sent += MB) {
        if (sent % (10 * MB) === 0) sample();
        yield block;
      }
    }
    expect(await contexts[0].store.putStream(name, Readable.from(bytes()))).toBe(size);
    const read = await contexts[2].store.get(name);
    expect(read?.size).toBe(size);
    let got = 0;
    for await (const chunk of read!.stream) {
      got += (chunk as Buffer).length;
      if (got % (10 * MB) < (chunk as Buffer).length) sample();
    }
    expect(got).toBe(size);
    await contexts[0].store.remove(name);
    expect(await contexts[1].store.get(name)).toBeNull();
    // what is held is a chunk in flight and the buffers each pooled connection keeps (up to a
    // chunk's size each, 30 connections over the three instances: 20-36 MB seen), not the file:
    // a store that held it whole would hold 100 MB or more
    expect(peak).toBeLessThan(size / 2);
  }, 120_000);

  it('a menu renamed on one instance: the others serve the new menu within a second', async () => {
    const token = await loginThroughBalancer();
    const tops = (await call(balancerPort, 'GET', '/us-system/v2/top-menu-multi/top-menu', token)).body.data;
    const top = tops.find((t: { name: string }) => t.name === '系统管理');
    const routes = async (port: number) => (await call(port, 'GET', `/us-system/v2/menu-multi/routes?topMenuId=${top.id}`, token)).body.data as { id: string; name: string }[];
    for (const port of ports) expect((await routes(port))[0].name).toBe('系统管理');
    const detail = (await call(ports[0], 'GET', `/us-system/menu/detail?id=${(await routes(ports[0]))[0].id}`, token)).body.data;
    expect((await call(ports[0], 'POST', '/us-system/menu/submit', token, { ...detail, name: '系统设置' })).status).toBe(200);
    for (const port of ports.slice(1)) await withinASecond(async () => (await routes(port))[0].name === '系统设置');
  });

  it('two renames back to back, ten rounds under reads: the writer serves the second from its answer on, the others within a second', async () => {
    const token = await loginThroughBalancer();
    const tops = (await call(balancerPort, 'GET', '/us-system/v2/top-menu-multi/top-menu', token)).body.data;
    const top = tops.find((t: { code: string }) => t.code === 'system_admin');
    const routes = async (port: number) => (await call(port, 'GET', `/us-system/v2/menu-multi/routes?topMenuId=${top.id}`, token)).body.data as { id: string; name: string }[];
    const detail = (await call(ports[0], 'GET', `/us-system/menu/detail?id=${(await routes(ports[0]))[0].id}`, token)).body.data;
    // every instance keeps reloading its menus while the renames land: a reload is under way when a notice comes
    let reading = true;
    const readers = [...ports, ...ports].map(async (port) => {
      while (reading) await routes(port);
    });
    try {
      for (let round = 0; round < 10; round++) {
        const writer = ports[round % ports.length];
        for (const name of [`第一${round}`, `第二${round}`]) expect((await call(writer, 'POST', '/us-system/menu/submit', token, { ...detail, name })).status).toBe(200);
        expect((await routes(writer))[0].name, `round ${round}, the writer`).toBe(`第二${round}`);
        for (const port of ports) await withinASecond(async () => (await routes(port))[0].name === `第二${round}`);
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
    expect((await call(ports[0], 'POST', '/us-system/menu/submit', token, { ...detail, name: '系统管理' })).status).toBe(200);
  });

  it('the login limit is one for all: 45 wrong logins over the three, LOGIN_RATE_LIMIT=30, at most 30 not refused with 429', async () => {
    // (the allowance is read per request: each instance as if started with LOGIN_RATE_LIMIT=30)
    for (const ctx of contexts) ctx.config.loginRateLimit = 30;
    try {
      const answers: number[] = [];
      for (let i = 0; i < 45; i++) {
        const q = new URLSearchParams({ tenantId: '000000', username: `nobody${i}`, password: 'wrong-password', grant_type: 'password', scope: 'all' });
        answers.push((await call(balancerPort, 'POST', `/us-auth/oauth/token?${q}`)).status);
      }
      // the file's earlier logins from this address count in the same minute
      const passed = answers.filter((s) => s !== 429).length;
      expect(passed).toBeLessThanOrEqual(30);
      expect(passed).toBeGreaterThan(20);
      expect(answers.slice(answers.indexOf(429)).every((s) => s === 429)).toBe(true);
    } finally {
      for (const ctx of contexts) ctx.config.loginRateLimit = 10_000;
    }
  });

  it('a record added on one instance: the list totals of the others count it within a second', async () => {
    const token = await loginThroughBalancer();
    const total = async (port: number) => (await call(port, 'GET', '/us-system/param/list?current=1&size=1', token)).body.data.total as number;
    const before = await total(ports[0]);
    for (const port of ports) expect(await total(port)).toBe(before);
    const added = await call(ports[0], 'POST', '/us-system/param/submit', token, { paramName: '多实例', paramKey: 'multi.instance', paramValue: '1' });
    expect(added.status).toBe(200);
    for (const port of ports.slice(1)) await withinASecond(async () => (await total(port)) === before + 1);
  });
});
