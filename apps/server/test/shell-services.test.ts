import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, user, verifyCode } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/passwords';
import { as, BASIC, login, testApp, type TestApp } from './helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
let provider: Server;
let providerUrl = '';

/** A stand-in third-party identity provider on localhost: code 'good' belongs to user 'octo'. */
function startProvider(): Promise<void> {
  provider = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const good = form.get('code') === 'good' && form.get('client_secret') === 'provider-secret';
        res.statusCode = good ? 200 : 400;
        res.end(JSON.stringify(good ? { access_token: 'provider-token' } : { error: 'bad_code' }));
      });
      return;
    }
    if (url.pathname === '/user' && req.headers.authorization === 'Bearer provider-token') {
      res.end(JSON.stringify({ id: 4242, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example.com/octo.png' }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      providerUrl = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startProvider();
  t = await testApp();
  t.ctx.config.socialProviders = {
    gitee: {
      authorizeUrl: `${providerUrl}/authorize`,
      tokenUrl: `${providerUrl}/token`,
      userInfoUrl: `${providerUrl}/user`,
      clientId: 'wb',
      clientSecret: 'provider-secret',
      redirectUri: 'http://localhost:8080/login',
    },
  };
  admin = await as(t.app);
});
afterAll(async () => {
  await t.close();
  provider.close();
});

const get = (who: typeof admin, url: string, query: Record<string, string> = {}) => who.call({ method: 'GET', url, query });

describe('project picker data', () => {
  it('gives the company → city → project tree with negative ids for the "all" entries', async () => {
    const tree = (await get(admin, '/us-system/old-system/project-tree')).json().data;
    expect(tree.map((c: { name: string }) => c.name)).toEqual(['城市服务集团', '物业运营公司']);
    const [first] = tree;
    expect(first.children[0]).toMatchObject({ id: '-1', name: '全部(城市服务集团)' });
    expect(first.children[0].projectIds.split(',')).toHaveLength(7);
    const shenzhen = first.children[1];
    expect(shenzhen).toMatchObject({ name: '深圳', projectCity: '深圳' });
    expect(shenzhen.children[0]).toMatchObject({ id: '-2', projectIds: shenzhen.projectIds });
    expect(shenzhen.children[1].name).toBe('深圳湾科技园');
    expect(shenzhen.children[1]).not.toHaveProperty('children');
    expect(shenzhen.children[1].projectIds).toBe(shenzhen.children[1].id);
  });

  it('keeps project details inside the tenant', async () => {
    const tree = (await get(admin, '/us-system/old-system/project-tree')).json().data;
    const projectId = tree[0].children[1].children[1].id;
    expect((await get(admin, `/wwy-us-mdm/api/v1/wx/mdmProject/${projectId}`)).json().data).toMatchObject({ name: '深圳湾科技园', cityName: '深圳', companyName: '城市服务集团' });
    const b = await as(t.app, 'admin', '100001');
    expect((await get(b, `/wwy-us-mdm/api/v1/wx/mdmProject/${projectId}`)).statusCode).toBe(404);
    expect((await get(b, '/us-system/old-system/project-tree')).json().data.map((c: { name: string }) => c.name)).toEqual(['示范物业']);
    const bad = await get(admin, '/wwy-us-mdm/api/v1/wx/mdmProject/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('id');
  });

  it('lists companies and the street tree', async () => {
    expect((await get(admin, '/wwy-us-mdm/v1/companies')).json().data.map((c: { code: string }) => c.code)).toEqual(['C001', 'C002']);
    const streets = (await get(admin, '/us/platform-base/biz/street/tree')).json().data;
    const guangdong = streets.find((r: { name: string }) => r.name === '广东省');
    expect(guangdong.children[0].children[0].children.map((s: { name: string }) => s.name)).toContain('粤海街道');
    const nanshan = (await get(admin, '/us/platform-base/biz/street/tree', { parentCode: '440305' })).json().data;
    expect(nanshan.map((s: { label: string }) => s.label)).toEqual(['南头街道', '粤海街道']);
  });

  it('finds the tenant by the page host before login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/us-system/tenant/info', query: { domain: 'https://demo.workbench.localhost/login' } });
    expect(res.json().data).toMatchObject({ tenantId: '100001', tenantName: '示范物业公司' });
    expect((await t.app.inject({ method: 'GET', url: '/us-system/tenant/info', query: { domain: 'unknown.example' } })).json()).toMatchObject({ success: true, data: {} });
  });

  it('shows a header link limited to projects only for those projects', async () => {
    const tree = (await get(admin, '/us-system/old-system/project-tree')).json().data;
    const [p1, p2, p3] = tree[0].children[1].children.slice(1).map((p: { id: string }) => p.id);
    const names = async (projectId: string) => (await get(admin, '/us-system/business-system-ext/menu-list', { projectId })).json().data.map((l: { name: string }) => l.name);
    expect(await names(p1)).toEqual(['智慧停车', '能耗管理']);
    expect(await names(p2)).toEqual(['智慧停车', '能耗管理']);
    expect(await names(p3)).toEqual(['智慧停车']);
  });

  it('gives a single-sign-on address with a ticket that is not an access token', async () => {
    const url = (await get(admin, '/us/authority/sso/third/system/url', { systemType: 'parking', parkCode: 'P01' })).json().data as string;
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://parking.example.com/sso');
    expect(parsed.searchParams.get('parkCode')).toBe('P01');
    const ticket = parsed.searchParams.get('ticket')!;
    expect((await t.app.inject({ method: 'GET', url: '/us-auth/oauth/user-info', headers: { 'saas-auth': `bearer ${ticket}` } })).statusCode).toBe(401);
    const unknown = await get(admin, '/us/authority/sso/third/system/url', { systemType: 'nothing' });
    expect(unknown.statusCode).toBe(400);
    expect((await get(admin, '/us-user/redirectToThirdSystem', { systemCode: 'report' })).json().data).toMatch(/^https:\/\/report\.example\.com\/sso\?ticket=/);
  });
});

describe('dispatch authority, the big screen and the old platform', () => {
  type Node = { id: string; parentId: string; name: string; type: string; children: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

  it('gives the dispatch authority tree of the caller, or of another user to those who may see users', async () => {
    const tree = (await get(admin, '/us/authority/sys/admin/v1/tree-list-dispatch-authority', { authorityCategory: 'water' })).json().data as Node[];
    expect(tree.map((n) => [n.name, n.type])).toEqual([
      ['城市服务集团', 'company'],
      ['物业运营公司', 'company'],
    ]);
    expect(tree[0].children[0]).toMatchObject({ name: '深圳', type: 'city', parentId: tree[0].id });
    expect(tree[0].children[0].children.map((n) => n.name)).toEqual(['深圳湾科技园', '前海国际中心', '南山智慧街道', '福田中心区']);
    expect(flat(tree).every((n) => Number(n.id) > 0)).toBe(true);

    const plain = await as(t.app, 'user');
    const plainId = plain.token.user_id;
    expect(flat((await get(admin, '/us/authority/sys/admin/v1/tree-list-dispatch-authority', { userId: plainId })).json().data).length).toBeGreaterThan(0);
    const refused = await get(plain, '/us/authority/sys/admin/v1/tree-list-dispatch-authority', { userId: admin.token.user_id });
    expect(refused.statusCode).toBe(403);
    const bad = await get(admin, '/us/authority/sys/admin/v1/tree-list-dispatch-authority', { authorityCategory: '<x>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'authorityCategory' });
  });

  it('gives the big screen the project and its vehicle and supplier counts from master data', async () => {
    const tree = (await get(admin, '/us/authority/sys/admin/v1/tree-list-dispatch-authority')).json().data as Node[];
    const projects = flat(tree).filter((n) => n.type === 'project');
    const [first, second] = projects;
    const post = async (url: string, payload: object) => {
      const res = await admin.call({ method: 'POST', url: `/wwy-us-mdm/api/v1/${url}`, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string };
    };
    const supplier = await post('supplier/submit', { name: '大屏供应商', code: 'HD01' });
    await post('vehicle/submit', { plateNo: '粤B·HD001', vehicleType: '1', projectId: first.id, supplierId: supplier.id });
    await post('vehicle/submit', { plateNo: '粤B·HD002', vehicleType: '2', projectId: first.id, supplierId: supplier.id });
    await post('vehicle/submit', { plateNo: '粤B·HD003', vehicleType: '3', projectId: first.id, inService: 0 });
    await post('vehicle/submit', { plateNo: '粤B·HD004', vehicleType: '4', projectId: second.id });
    const info = (await get(admin, '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId: first.id })).json().data;
    expect(info).toMatchObject({
      projectId: first.id,
      projectName: first.name,
      cityName: '深圳',
      companyName: '城市服务集团',
      projectTotal: 1,
      vehicleTotal: 3,
      vehicleInService: 2,
      supplierTotal: 1,
    });
    const all = (await get(admin, '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId: '-1' })).json().data;
    expect(all).toMatchObject({ projectId: '-1', projectName: '全部项目', projectTotal: projects.length, vehicleTotal: 4, vehicleInService: 3, supplierTotal: 1 });
    const perProject = (await get(admin, '/us/lsds/hd/screen/project-figures')).json().data as {
      projectId: string;
      vehicleTotal: number;
      vehicleInService: number;
      supplierTotal: number;
    }[];
    expect(perProject.map((r) => r.projectId)).toEqual(projects.map((p) => p.id));
    expect(perProject.find((r) => r.projectId === first.id)).toMatchObject({ vehicleTotal: 3, vehicleInService: 2, supplierTotal: 1 });
    expect(perProject.find((r) => r.projectId === second.id)).toMatchObject({ vehicleTotal: 1, vehicleInService: 1, supplierTotal: 0 });
    // an 'all' entry of the picker (a city, a company) counts the projects it holds, and names what they share
    const two = (await get(admin, '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId: '-2', projectIds: `${first.id},${second.id}` })).json().data;
    expect(two).toMatchObject({ projectId: '-1', projectTotal: 2, vehicleTotal: 4, vehicleInService: 3, supplierTotal: 1, companyName: '城市服务集团' });
    const someFigures = (await get(admin, '/us/lsds/hd/screen/project-figures', { projectIds: second.id })).json().data as { projectId: string }[];
    expect(someFigures.map((r) => r.projectId)).toEqual([second.id]);
    expect((await get(admin, '/us/lsds/hd/screen/project-figures', { projectIds: 'a,b' })).statusCode).toBe(400);
    // a user who may not read vehicles nor suppliers is given no counts of them, only how many projects
    const plain = await as(t.app, 'user');
    expect((await get(plain, '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId: '-1' })).json().data).toMatchObject({
      projectTotal: projects.length,
      vehicleTotal: null,
      vehicleInService: null,
      supplierTotal: null,
    });
    expect((await get(plain, '/us/lsds/hd/screen/project-figures')).json().data[0]).toMatchObject({ vehicleTotal: null, supplierTotal: null });
    // another tenant's project is not found
    const other = await as(t.app, 'admin', '100001');
    expect((await get(other, '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId: first.id })).statusCode).toBe(404);
  });

  it('gives the old platform’s sign-on address with a ticket, once an administrator configured it', async () => {
    expect((await get(admin, '/us-auth/oauth/ssoOldYc')).statusCode).toBe(400);
    const added = await admin.call({
      method: 'POST',
      url: '/us-system/param/submit',
      payload: { paramName: '旧平台单点登录地址', paramKey: 'third.system.oldYc', paramValue: 'https://old.example.com/sso' },
    });
    expect(added.statusCode).toBe(200);
    expect((await get(admin, '/us-auth/oauth/ssoOldYc')).json().data).toMatch(/^https:\/\/old\.example\.com\/sso\?ticket=/);
  });

  it('refreshes a token through token/refresh, and refuses a refresh token that is not one', async () => {
    const { body } = await login(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/us-auth/oauth/token/refresh', headers: { authorization: BASIC }, payload: { refresh: body.refresh_token } });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.access_token as string;
    expect(fresh).not.toBe(body.access_token);
    expect((await t.app.inject({ method: 'GET', url: '/us-auth/oauth/user-info', headers: { 'saas-auth': `bearer ${fresh}` } })).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/us-auth/oauth/token/refresh', headers: { authorization: BASIC }, payload: { refresh: 'not-a-token' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toMatchObject({ success: false });
  });
});

describe('own account', () => {
  it('checks a password change in the spec order and changes nothing on a refusal', async () => {
    const me = await as(t.app, 'user');
    const change = (oldPassword: string, newPassword: string, newPassword1: string) =>
      me.call({ method: 'POST', url: '/us-user/update-password', payload: { oldPassword, newPassword, newPassword1 } });
    const cases: [string, string, string, string][] = [
      ['admin123', 'short1', 'short1', '新密码格式不正确'],
      ['admin123', 'abcd1234', 'abcdefgh', '再次输入新密码格式不正确'],
      ['admin123', 'abcd1234', 'abcd12345', '两次新密码不一致'],
      ['admin123', 'admin123', 'admin123', '新密码不能与旧密码一致'],
      ['wrong999', 'abcd1234', 'abcd1234', '原密码不正确'],
    ];
    for (const [o, n, n1, msg] of cases) {
      const res = await change(o, n, n1);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await login(t.app, 'user')).status).toBe(200);
    const done = await change('admin123', 'abcd1234', 'abcd1234');
    expect(done.json()).toMatchObject({ success: true, msg: '修改密码成功!' });
    expect((await login(t.app, 'user', '000000', 'abcd1234')).status).toBe(200);
    expect((await login(t.app, 'user', '000000', 'admin123')).status).toBe(400);
    // put it back for the other tests
    const again = await login(t.app, 'user', '000000', 'abcd1234');
    await t.app.inject({
      method: 'POST',
      url: '/us-user/update-password',
      headers: { 'saas-auth': `bearer ${again.body.access_token}` },
      payload: { oldPassword: 'abcd1234', newPassword: 'admin123', newPassword1: 'admin123' },
    });
    expect((await login(t.app, 'user')).status).toBe(200);
  });

  it('validates the phone with the three messages and saves the profile', async () => {
    const update = (payload: object) => admin.call({ method: 'POST', url: '/us-user/update-info', payload });
    expect((await update({ phone: '' })).json().msg).toBe('手机号码不能为空');
    expect((await update({ phone: '1380000' })).json().msg).toBe('手机号码长度不为11位');
    expect((await update({ phone: '02088886666' })).json().msg).toBe('手机号码格式不正确');
    expect((await update({ avatar: 'javascript:alert(1)' })).json().data.field).toBe('avatar');
    expect((await update({ email: 'not-an-email' })).json().msg).toContain('email');
    expect((await update({ realName: '王小明', phone: '13912345678', email: 'wang@example.com' })).json()).toMatchObject({ success: true, msg: '更新成功' });
    expect((await get(admin, '/us-user/info')).json().data).toMatchObject({ realName: '王小明', phone: '13912345678', email: 'wang@example.com' });
    await update({ phone: '13800000000' });
  });

  it('stores an avatar as a real file and serves it back; refuses other types and sizes', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
    const upload = (bytes: Buffer, filename: string, type: string) => {
      const boundary = '----wb' + Math.random().toString(16).slice(2);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return admin.call({ method: 'POST', url: '/us-resource/oss/endpoint/put-file', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const ok = (await upload(png, 'me.png', 'image/png')).json();
    expect(ok.data).toMatchObject({ originalName: 'me.png' });
    const served = await t.app.inject({ method: 'GET', url: ok.data.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const gif = await upload(Buffer.from('GIF89a....'), 'x.png', 'image/png');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toBe('头像只能是 JPG 或 PNG 格式');
    const big = await upload(Buffer.concat([png, Buffer.alloc(600 * 1024)]), 'big.png', 'image/png');
    expect(big.json().msg).toBe('头像大小不能超过 500KB');
    expect((await admin.call({ method: 'POST', url: '/us-resource/oss/endpoint/put-file', payload: { a: 1 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/us-resource/oss/endpoint/file/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('offers only the user’s own depts and roles, and switching to another role is refused', async () => {
    const depts = (await get(admin, '/us-system/dept/select')).json().data;
    const roles = (await get(admin, '/us-system/role/select')).json().data;
    expect(depts.map((d: { name: string }) => d.name)).toEqual(['管理组']);
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['超级管理员']);
    const refresh = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/us-auth/oauth/token',
        query: { grant_type: 'refresh_token', refresh_token: admin.token.refresh_token, tenantId: '000000' },
        headers: { authorization: BASIC, ...headers },
      });
    const plainRole = (await get(await as(t.app, 'user'), '/us-system/role/select')).json().data[0].id;
    expect((await refresh({ 'role-id': plainRole })).json().error_description).toBe('未获得用户的角色信息');
    const fresh = await login(t.app);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: fresh.body.refresh_token },
      headers: { authorization: BASIC, 'role-id': roles[0].id, 'dept-id': depts[0].id },
    });
    expect(switched.json()).toMatchObject({ role_id: roles[0].id, dept_id: depts[0].id });
  });
});

describe('registration', () => {
  it('creates a guest who cannot log in until an administrator approves', async () => {
    const register = (payload: object) => t.app.inject({ method: 'POST', url: '/us-user/register-guest', payload });
    expect((await register({ account: 'g', password: 'x' })).json().msg).toBe('请先输入租户编号');
    expect((await register({ tenantId: '000000', password: 'x' })).json().msg).toBe('请先输入账号名称');
    expect((await register({ tenantId: '000000', account: 'g' })).json().msg).toBe('请先输入密码');
    expect((await register({ tenantId: '999999', account: 'g', password: 'x' })).json().msg).toBe('租户不存在');
    // a taken account is answered as a free one (docs/security.md, test/hostile/accounts.test.ts)
    expect((await register({ tenantId: '000000', account: 'admin', password: 'x' })).json().msg).toBe('注册申请已提交,请耐心等待管理员通过!');
    const ok = await register({ tenantId: '000000', name: '访客', account: 'guest1', password: 'guest1234' });
    expect(ok.json()).toMatchObject({ success: true, msg: '注册申请已提交,请耐心等待管理员通过!' });
    expect((await login(t.app, 'guest1', '000000', 'guest1234')).body.error_description).toBe('账号正在等待管理员审核');
    // the administrator finds the guest on the user page filtered by status 0; the other tenant does not see it
    const waiting = (await admin.call({ method: 'GET', url: '/us-user/page', query: { status: '0', account: 'guest' } })).json().data;
    expect(waiting.records.map((u: { account: string; status: number }) => [u.account, u.status])).toEqual([['guest1', 0]]);
    expect(waiting.total).toBe(1);
    const otherTenant = await as(t.app, 'admin', '100001');
    expect((await otherTenant.call({ method: 'GET', url: '/us-user/page', query: { status: '0' } })).json().data.records).toEqual([]);
    expect((await (await as(t.app, 'user')).call({ method: 'GET', url: '/us-user/page' })).statusCode).toBe(403);
    const bad = await admin.call({ method: 'GET', url: '/us-user/page', query: { status: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/status/);
    const [g] = await t.ctx.database.db
      .select()
      .from(user)
      .where(and(eq(user.account, 'guest1'), eq(user.tenantId, '000000')));
    expect(waiting.records[0].id).toBe(String(g.id));
    expect((await (await as(t.app, 'user')).call({ method: 'POST', url: '/us-user/audit-pass', query: { userIds: String(g.id) } })).statusCode).toBe(403);
    expect((await admin.call({ method: 'POST', url: '/us-user/audit-pass', query: { userIds: String(g.id) } })).json().success).toBe(true);
    expect((await login(t.app, 'guest1', '000000', 'guest1234')).body).toMatchObject({ account: 'guest1', role_name: 'user' });
  });

  it('logs in through a third-party provider: unbound → register with oauth_id → approved → code login', async () => {
    const render = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/render/gitee', query: { tenantId: '000000' } });
    expect(render.statusCode).toBe(302);
    const authorize = new URL(render.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${providerUrl}/authorize`);
    const state = authorize.searchParams.get('state')!;
    const social = (code: string, st = state) =>
      t.app.inject({
        method: 'POST',
        url: '/us-auth/oauth/token',
        query: { grant_type: 'social', source: 'gitee', code, state: st, tenantId: '000000' },
        headers: { authorization: BASIC },
      });

    const first = (await social('good')).json();
    expect(first).toMatchObject({ error: 'unbound_account' });
    expect(first.oauth_id).toMatch(/^\d+$/);
    const reg = await t.app.inject({ method: 'POST', url: '/us-user/register-guest', payload: { tenantId: '000000', account: 'octo', password: 'octo12345', oauthId: first.oauth_id } });
    expect(reg.json().success).toBe(true);
    expect((await social('good')).json().error_description).toBe('账号正在等待管理员审核');
    const [octo] = await t.ctx.database.db.select().from(user).where(eq(user.account, 'octo'));
    expect(octo.avatar).toBe('https://avatars.example.com/octo.png');
    await admin.call({ method: 'POST', url: '/us-user/audit-pass', query: { userIds: String(octo.id) } });
    expect((await social('good')).json()).toMatchObject({ account: 'octo', token_type: 'bearer' });

    expect((await social('bad')).json().error_description).toBe('第三方授权码无效');
    expect((await social('good', state.slice(0, -3) + 'xyz')).json().error_description).toBe('第三方登录状态无效或已过期');
    expect((await t.app.inject({ method: 'GET', url: '/us-auth/oauth/render/unknown' })).statusCode).toBe(400);
  });
});

describe('password retrieval', () => {
  const solveCaptcha = async () => {
    const { key } = (await t.app.inject({ method: 'GET', url: '/us-user/retrieve/captcha' })).json();
    const [row] = await t.ctx.database.db.select().from(captcha).where(eq(captcha.key, key));
    return { 'captcha-key': key, 'captcha-code': row.code };
  };
  const outboxCode = async () => {
    const sms = (await get(admin, '/us-resource/sms/outbox', { phone: '13700000001' })).json().data.records;
    return /验证码 (\d{6})/.exec(sms[0].content)![1];
  };

  it('resets a forgotten password through a recorded SMS code, once', async () => {
    const [u] = await t.ctx.database.db
      .select()
      .from(user)
      .where(and(eq(user.account, 'user'), eq(user.tenantId, '000000')));
    await t.ctx.database.db.update(user).set({ phone: '13700000001' }).where(eq(user.id, u.id));
    expect((await t.app.inject({ method: 'GET', url: '/us-user/retrieve/user-info', query: { account: 'user' } })).json().data).toEqual({ account: 'user', phone: '137****0001' });

    const send = async (phone: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/us-user/retrieve/sendMessage', query: { account: 'user', phone, type: 'reset' }, headers });
    expect((await send('13700000001', { 'captcha-key': 'x', 'captcha-code': 'y' })).json().msg).toBe('图形验证码不正确');
    expect((await send('13700000009', await solveCaptcha())).json().msg).toBe('手机号码与账号不匹配');
    expect((await send('13700000001', await solveCaptcha())).json()).toMatchObject({ success: true, msg: '验证码已发送' });
    expect((await send('13700000001', await solveCaptcha())).json().msg).toBe('验证码发送过于频繁,请一分钟后再试');

    const code = await outboxCode();
    const validate = (c: string) => t.app.inject({ method: 'GET', url: '/us-user/retrieve/validateCode', query: { phone: '13700000001', code: c } });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await validate(wrong)).json().msg).toBe('验证码错误或已失效');
    const { identifyCode } = (await validate(code)).json().data;
    expect((await validate(code)).json().msg).toBe('验证码错误或已失效');

    const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/us-user/retrieve/resetPassword', payload });
    expect((await reset({ newPassword: 'abc', newPassword1: 'abc', identifyCode })).json().msg).toBe('新密码格式不正确');
    expect((await reset({ newPassword: 'found1234', newPassword1: 'found1234', identifyCode })).json()).toMatchObject({ success: true });
    expect((await reset({ newPassword: 'again1234', newPassword1: 'again1234', identifyCode })).json().msg).toBe('验证已失效,请重新获取验证码');
    expect((await login(t.app, 'user', '000000', 'found1234')).status).toBe(200);
    await t.ctx.database.db
      .update(user)
      .set({ password: await hashPassword('admin123') })
      .where(eq(user.id, u.id));
  });

  it('gives up a code after five wrong tries', async () => {
    await t.ctx.database.db.delete(verifyCode);
    const [u] = await t.ctx.database.db
      .select()
      .from(user)
      .where(and(eq(user.account, 'user'), eq(user.tenantId, '000000')));
    await t.app.inject({ method: 'GET', url: '/us-user/retrieve/sendMessage', query: { account: 'user', phone: u.phone }, headers: await solveCaptcha() });
    const code = await outboxCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/us-user/retrieve/validateCode', query: { phone: u.phone, code: wrong } });
    expect((await t.app.inject({ method: 'GET', url: '/us-user/retrieve/validateCode', query: { phone: u.phone, code } })).json().msg).toBe('验证码错误或已失效');
  });

  it('shows the SMS outbox only to administrators of the tenant', async () => {
    expect((await get(await as(t.app, 'user'), '/us-resource/sms/outbox')).statusCode).toBe(403);
    const b = await as(t.app, 'admin', '100001');
    expect((await get(b, '/us-resource/sms/outbox')).json().data.total).toBe(0);
  });
});

describe('error log upload', () => {
  it('stores the entries and names the field of a bad one', async () => {
    const entry = { type: 'bug', url: 'http://localhost/wel/index', message: 'x is undefined', stack: 'at foo', info: 'render', time: '2026-11-22 10:00:00' };
    expect((await admin.call({ method: 'POST', url: '/us-log/log/saveUsualLog', payload: [entry] })).json()).toMatchObject({ success: true, msg: '发送成功!' });
    const bad = await admin.call({ method: 'POST', url: '/us-log/log/saveUsualLog', payload: [{ ...entry, message: { not: 'text' } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('message');
  });
});
