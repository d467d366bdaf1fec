import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

/**
 * OAuth clients as the platform administrator keeps them: a secret made by the server and shown
 * once, a reset that ends the old secret at once, and a token endpoint that obeys each client.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const token = (authorization: string, grant_type = 'password') =>
  t.app.inject({
    method: 'POST',
    url: '/us-auth/oauth/token',
    query: { tenantId: '000000', username: 'admin', password: 'admin123', grant_type, scope: 'all' },
    headers: { authorization },
  });
const add = (payload: Rec) => admin.call({ method: 'POST', url: '/us-system/client/submit', payload });

beforeAll(async () => {
  // the datasources are the local PostgreSQL server and a closed port of this machine: the operator allows it
  t = await testApp({ outboundAllow: ['127.0.0.1'] });
  admin = await as(t.app);
});
afterAll(() => t.close());

describe('client secrets', () => {
  it('are made by the server, answered once on create, stored hashed, never listed', async () => {
    const res = await add({ clientId: 'ops_app', authorizedGrantTypes: 'password,refresh_token', scope: 'all', accessTokenValidity: 120, refreshTokenValidity: 3600 });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const detail = (await admin.call({ method: 'GET', url: '/us-system/client/detail', query: { id: created.id } })).json().data;
    expect(detail).not.toHaveProperty('clientSecret');
    const list = (await admin.call({ method: 'GET', url: '/us-system/client/list', query: { clientId: 'ops_app' } })).body;
    expect(list).not.toContain(created.clientSecret);
    expect(list).not.toContain('clientSecret');
    const stored = (await t.ctx.database.db.execute(`select client_secret from client where client_id = 'ops_app'`)).rows[0] as { client_secret: string };
    expect(stored.client_secret).toMatch(/^\$argon2id\$/);
    // the token call works with it, and obeys the client's validity
    const ok = await token(basic('ops_app', created.clientSecret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().expires_in).toBe(120);
    // an edit keeps the secret and answers none
    const edited = (await add({ ...detail, scope: 'all' })).json().data;
    expect(edited).not.toHaveProperty('clientSecret');
    expect((await token(basic('ops_app', created.clientSecret))).statusCode).toBe(200);
  });

  it('a reset answers the new secret once; the old one stops working on the next request', async () => {
    const created = (await add({ clientId: 'reset_app', authorizedGrantTypes: 'password', scope: 'all', accessTokenValidity: 600, refreshTokenValidity: 3600 })).json().data;
    const old = created.clientSecret;
    expect((await token(basic('reset_app', old))).statusCode).toBe(200);
    const reset = await admin.call({ method: 'POST', url: '/us-system/client/reset-secret', query: { id: created.id } });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.clientSecret;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    const refused = await token(basic('reset_app', old));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_client');
    expect((await token(basic('reset_app', fresh))).statusCode).toBe(200);
    // removed: no more tokens
    await admin.call({ method: 'POST', url: '/us-system/client/remove', query: { ids: created.id } });
    expect((await token(basic('reset_app', fresh))).statusCode).toBe(401);
  });

  it('the token endpoint refuses a grant type the client is not authorised for; captcha follows the setting', async () => {
    const created = (await add({ clientId: 'pw_only', authorizedGrantTypes: 'password', scope: 'all', accessTokenValidity: 600, refreshTokenValidity: 3600 })).json().data;
    const refused = await token(basic('pw_only', created.clientSecret), 'captcha');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('unauthorized_client');
    // the shell's client holds captcha: with captcha off it logs in like the password grant
    const shell = await token(basic('workbench', 'workbench_secret'), 'captcha');
    expect(shell.statusCode).toBe(200);
  });

  it('grant types are checked on submit, naming the field; only the default tenant writes clients', async () => {
    const bad = await add({ clientId: 'bad_app', authorizedGrantTypes: 'password,implicit', scope: 'all', accessTokenValidity: 600, refreshTokenValidity: 3600 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'authorizedGrantTypes' });
    const b = await as(t.app, 'admin', '100001');
    const other = await b.call({
      method: 'POST',
      url: '/us-system/client/submit',
      payload: { clientId: 'b_app', authorizedGrantTypes: 'password', scope: 'all', accessTokenValidity: 600, refreshTokenValidity: 3600 },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('datasources', () => {
  const url = 'postgresql://127.0.0.1:5432/postgres';
  const test = (id: string) => admin.call({ method: 'POST', url: '/us-develop/datasource/test-connection', query: { id } });

  it('keep the password sealed, never answer it, keep it on an edit without one, and really connect', async () => {
    const created = (await admin.call({ method: 'POST', url: '/us-develop/datasource/submit', payload: { name: '本机库', url, username: 'postgres', password: 'S3cret-pass' } })).json()
      .data;
    expect(created).not.toHaveProperty('password');
    const stored = (await t.ctx.database.db.execute(`select password from datasource where name = '本机库'`)).rows[0] as { password: string };
    expect(stored.password).toMatch(/^v1:/);
    expect(stored.password).not.toContain('S3cret');
    expect(t.ctx.secrets.open(stored.password)).toBe('S3cret-pass');
    const detail = (await admin.call({ method: 'GET', url: '/us-develop/datasource/detail', query: { id: created.id } })).body;
    expect(detail).not.toContain('S3cret');
    expect(detail).not.toContain(stored.password);
    // the local server trusts local connections: the test connects for real
    const ok = await test(created.id);
    expect(ok.json()).toMatchObject({ code: 200, msg: '连接成功' });
    await admin.call({ method: 'POST', url: '/us-develop/datasource/submit', payload: { ...JSON.parse(detail).data, remark: '改了备注', password: '' } });
    const after = (await t.ctx.database.db.execute(`select password from datasource where name = '本机库'`)).rows[0] as { password: string };
    expect(t.ctx.secrets.open(after.password)).toBe('S3cret-pass');
  });

  it('a closed port fails with the driver’s message, naming no password; a URL that is not PostgreSQL is refused', async () => {
    const closed = (
      await admin.call({
        method: 'POST',
        url: '/us-develop/datasource/submit',
        payload: { name: '关闭的端口', url: 'jdbc:postgresql://127.0.0.1:1/x', username: 'u', password: 'Hidden-pw1' },
      })
    ).json().data;
    const res = await test(closed.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^连接失败: .*ECONNREFUSED/);
    expect(res.body).not.toContain('Hidden-pw1');
    const bad = await admin.call({ method: 'POST', url: '/us-develop/datasource/submit', payload: { name: 'x', url: 'mysql://127.0.0.1/x', username: 'u' } });
    expect(bad.json()).toMatchObject({ code: 400, data: { field: 'url' } });
  });
});
