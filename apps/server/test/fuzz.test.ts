import { request as httpRequest } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';
import { NOTICE_STREAM_PATH } from '../src/modules/system/notice-stream';
import { MAX_BODY_DEPTH } from '../src/platform/input-types';

/**
 * Generated bad input over every route of the OpenAPI document, sent as the tenant
 * administrator (so that permissions let the input reach the handler): no answer
 * may be a 5xx and every error must be the envelope. One bad parameter per request,
 * the others left out, so that the answer is about that parameter; then each JSON
 * body as a whole of the wrong shape. Writes with bad input change nothing, and the
 * ids used are ids no record has, so the run leaves the seed as it was.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is JSON read field by field
type Rec = Record<string, any>;

interface Op {
  method: string;
  path: string;
  query: string[];
  pathParams: string[];
  body: string[];
  bodyIsList: boolean;
  multipart: boolean;
}

/** Text a user or a script could type into any field: numbers out of range, NUL, bad dates, huge text. */
export const BAD_TEXT = [
  'abc',
  '99999999999999999999',
  // 2^63: one past bigint in 19 digits, which a hand-written \d{1,19} let through to the database (a 500)
  '9223372036854775808',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e20',
  '-1',
  '1.5',
  '2147483648',
  '1e308',
  '\u0000',
  'a\u0000b',
  '2024-13-45',
  '0000-00-00 00:00:00',
  '2024-02-30 25:61:61',
  // longer than the usual column widths (varchar 16, 32, 64, 255) and far longer
  'x'.repeat(17),
  'x'.repeat(33),
  'x'.repeat(65),
  'x'.repeat(256),
  'x'.repeat(5000),
  ' ',
  "1' or '1'='1",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%',
  '1,abc',
  ',',
];
/** JSON values of every other type, and text JSON can carry but a database cannot. */
const BAD_JSON: unknown[] = [...BAD_TEXT, 1e308, -1, 1.5, 2147483648, 1e20, true, null, [], {}, ['a'], { a: 1 }];
/** Whole JSON bodies of the wrong shape, and bodies nested as deep as allowed and far deeper (which once overflowed the stack). */
const nested = (open: string, inner: string, close: string, depth: number) => open.repeat(depth) + inner + close.repeat(depth);
const BAD_BODIES: [string, string][] = [
  ...['{', '[]', '"x"', '1', 'null', '{"a":', '\u0000'].map((b): [string, string] => [`body ${JSON.stringify(b)}`, b]),
  [`body: arrays ${MAX_BODY_DEPTH} deep`, nested('[', '', ']', MAX_BODY_DEPTH)],
  [`body: objects ${MAX_BODY_DEPTH} deep`, nested('{"a":', '1', '}', MAX_BODY_DEPTH)],
  ['body: arrays 7000 deep', nested('[', '', ']', 7000)],
  ['body: objects 3000 deep', nested('{"a":', '1', '}', 3000)],
];
const LONE_SURROGATE_BODY = (field: string) => `{"${field}":"a\\ud800b"}`;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
// the notice stream does not end: it is tried over a socket in notify.test.ts
const SKIP = new Set(['POST /us-auth/oauth/logout', 'GET /us-auth/oauth/logout', `GET ${NOTICE_STREAM_PATH}`]);

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
const ops: Op[] = [];

interface Outcome {
  route: string;
  input: string;
  status: number;
  body: string;
}
const outcomes: Outcome[] = [];

function isEnvelope(res: LightMyRequestResponse): boolean {
  try {
    const b = res.json() as Rec;
    return typeof b.code === 'number' && typeof b.success === 'boolean' && typeof b.msg === 'string' && 'data' in b;
  } catch {
    return false;
  }
}

/** An OAuth2 error answer of the token endpoint ({ error, error_description }) is its spec'd shape. */
function isOauthError(route: string, res: LightMyRequestResponse): boolean {
  if (!route.includes('/oauth/token')) return false;
  try {
    return typeof (res.json() as Rec).error === 'string';
  } catch {
    return false;
  }
}

/** A 400 about a field that holds something must say it is invalid, not ask for it as if it were empty. */
function asksForPresentValue(res: LightMyRequestResponse, field: string | undefined, value: unknown): boolean {
  if (res.statusCode !== 400 || field === undefined) return false;
  const present = typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '');
  const body = res.json() as Rec;
  return present && body.data?.field === field && /^请(输入|选择)/.test(String(body.msg));
}

async function send(op: Op, input: string, opts: InjectOptions, field?: string, value?: unknown): Promise<void> {
  const route = `${op.method} ${op.path}`;
  let res: LightMyRequestResponse;
  try {
    res = await admin.call(opts);
    if (res.statusCode === 401 && !op.path.includes('/oauth/')) {
      // a route that ended the session (logout, password change): sign in again and retry
      admin = await as(t.app);
      res = await admin.call(opts);
    }
  } catch (err) {
    // the connection was dropped instead of answered
    outcomes.push({ route, input, status: 0, body: `no answer: ${(err as Error).message}` });
    return;
  }
  const contentType = String(res.headers['content-type'] ?? '');
  const failed =
    res.statusCode >= 500 ||
    asksForPresentValue(res, field, value) ||
    (res.statusCode >= 400 && !isEnvelope(res) && !isOauthError(route, res)) ||
    (contentType.includes('json') && !isEnvelope(res) && !isOauthError(route, res) && !route.includes('/oauth/'));
  outcomes.push({ route, input, status: res.statusCode, body: failed ? res.body.slice(0, 300) : '' });
}

const concrete = (path: string, values: Record<string, string> = {}) => path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(values[n] ?? '1'));

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Rec;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Rec>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      if (SKIP.has(`${method.toUpperCase()} ${url}`) || url.startsWith('/docs')) continue;
      const json = op.requestBody?.content?.['application/json']?.schema as Rec | undefined;
      const params = (op.parameters ?? []) as Rec[];
      ops.push({
        method: method.toUpperCase(),
        path: url,
        query: params.filter((p) => p.in === 'query').map((p) => p.name as string),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name as string),
        body: Object.keys(json?.properties ?? json?.items?.properties ?? {}),
        bodyIsList: json?.type === 'array',
        multipart: !!op.requestBody?.content?.['multipart/form-data'],
      });
    }
  }
}, 60_000);
afterAll(() => t?.close());

describe('fuzz over every route of the OpenAPI document', () => {
  it('answers every bad input with a 4xx envelope or a 2xx, never a 5xx', async () => {
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      for (const name of op.query) {
        for (const v of BAD_TEXT) await send(op, `${name}=${JSON.stringify(v).slice(0, 40)}`, { method: op.method, url: concrete(op.path), query: { [name]: v } }, name, v);
      }
      for (const name of op.pathParams) {
        for (const v of BAD_TEXT) await send(op, `:${name}=${JSON.stringify(v).slice(0, 40)}`, { method: op.method, url: concrete(op.path, { [name]: v }) });
      }
      if (op.body.length) {
        const wrap = (o: Rec) => (op.bodyIsList ? [o] : o);
        for (const name of op.body) {
          for (const v of BAD_JSON)
            await send(op, `body.${name}=${JSON.stringify(v)?.slice(0, 40)}`, { method: op.method, url: concrete(op.path), payload: wrap({ [name]: v }) as object }, name, v);
          await send(op, `body.${name}=lone surrogate`, {
            method: op.method,
            url: concrete(op.path),
            headers: { 'content-type': 'application/json' },
            payload: LONE_SURROGATE_BODY(name),
          });
        }
      }
      if (op.method !== 'GET') {
        for (const [input, payload] of BAD_BODIES) {
          await send(op, input, { method: op.method, url: concrete(op.path), headers: { 'content-type': 'application/json' }, payload });
        }
      }
      if (op.multipart) {
        const boundary = 'fuzzboundary';
        const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004abc`;
        await send(op, 'truncated multipart', {
          method: op.method,
          url: concrete(op.path),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: truncated,
        });
        await send(op, 'multipart without boundary', { method: op.method, url: concrete(op.path), headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
      }
    }
    const bad = outcomes.filter((o) => o.body);
    const fives = outcomes.filter((o) => o.status >= 500);
    const fours = outcomes.filter((o) => o.status >= 400 && o.status < 500);
    console.log(`fuzz: ${outcomes.length} cases over ${ops.length} routes: ${fours.length} 4xx, ${fives.length} 5xx, ${bad.length} failures`);
    if (process.env.FUZZ_REPORT) {
      const byRoute = new Map<string, Outcome[]>();
      for (const o of bad) byRoute.set(o.route, [...(byRoute.get(o.route) ?? []), o]);
      for (const [r, os] of byRoute)
        console.log(
          `${os.length}\t${r}\n\t${os
            .slice(0, 4)
            .map((o) => `${o.input} -> ${o.status} ${o.body.slice(0, 160)}`)
            .join('\n\t')}`,
        );
    }
    expect(bad.slice(0, 20)).toEqual([]);
  }, 600_000);
});

describe("the HTTP server's own errors", () => {
  async function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a header too large with the envelope', async () => {
    const res = await raw('/us-system/param/list', { 'x-big': 'x'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 431, success: false });
  });

  it('answers a URL that does not decode with the envelope', async () => {
    const res = await raw('/us-system/param/%zz');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, success: false });
  });
});
