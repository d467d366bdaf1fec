import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyResourceDef, FieldDef, ResourceDef } from '@wb/contracts/resource';
import { postResource, regionResource } from '@wb/contracts/resources/org';
import { paramResource } from '@wb/contracts/resources/param';
import * as schema from '../src/db/schema/index';
import type { Access } from '../src/platform/access';
import type { AuthUser } from '../src/platform/auth';
import { ResourceRegistry } from '../src/platform/crud/registry';
import { registerResource, type CrudDeps, type ResourceOptions } from '../src/platform/crud/routes';
import { ResourceStore } from '../src/platform/crud/store';
import { registerErrorHandling } from '../src/platform/errors';
import { inputFormats } from '../src/platform/input-types';
import { enforcePermissions, type RouteAccess } from '../src/platform/permissions';
import { TotalCache } from '../src/platform/totals';
import { as, testApp, type TestApp } from './helper';

/** The resource framework's own guarantees, seen on real resources and on throwaway servers. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<typeof admin.call>>;
const all = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

/** Of concurrent writes of one key: exactly one saved, the rest refused naming the field, none a 500. */
function oneWins(answers: Res[], field: string, msg: string) {
  const codes = answers.map((r) => r.statusCode).sort();
  expect(
    codes.filter((c) => c >= 500),
    answers.map((r) => r.body).join('\n'),
  ).toEqual([]);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  for (const r of answers.filter((a) => a.statusCode !== 200)) {
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 400, success: false, data: { field }, msg });
  }
}

describe('a unique value written twice at the same time', () => {
  // how often the unique index (not the check before the write) settled a race
  const settledByIndex: string[] = [];
  beforeAll(() => {
    const original = ResourceStore.prototype.uniqueViolation;
    vi.spyOn(ResourceStore.prototype, 'uniqueViolation').mockImplementation(function (this: ResourceStore, err: unknown) {
      const hit = original.call(this, err);
      if (hit) settledByIndex.push(`${this.def.name}.${hit.field}`);
      return hit;
    });
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('post code: one submit saves, the other is a 400 naming postCode (never a 500)', async () => {
    for (let round = 0; round < 8; round++) {
      const answers = await all(2, (i) =>
        admin.call({ method: 'POST', url: '/us-system/post/submit', payload: { category: 1, postCode: `race${round}`, postName: `并发${round}-${i}`, sort: 1 } }),
      );
      oneWins(answers, 'postCode', '岗位编号已存在');
      const saved = await admin.call({ method: 'GET', url: '/us-system/post/list', query: { postCode: `race${round}` } });
      expect(saved.json().data.records.filter((r: { postCode: string }) => r.postCode === `race${round}`)).toHaveLength(1);
    }
  });

  it('param key, five at once: one saves, four are told the key exists', async () => {
    const answers = await all(5, (i) => admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: `p${i}`, paramKey: 'race.key', paramValue: String(i) } }));
    oneWins(answers, 'paramKey', '参数键名已存在');
    expect((await admin.call({ method: 'GET', url: '/us-system/param/list', query: { paramKey: 'race.key' } })).json().data.total).toBe(1);
  });

  it('an update racing an add onto the same key: one of them is refused', async () => {
    const other = (await admin.call({ method: 'POST', url: '/us-system/post/submit', payload: { category: 1, postCode: 'mover', postName: 'mover', sort: 1 } })).json().data;
    const answers = await Promise.all([
      admin.call({ method: 'POST', url: '/us-system/post/submit', payload: { ...other, postCode: 'target' } }),
      admin.call({ method: 'POST', url: '/us-system/post/submit', payload: { category: 1, postCode: 'target', postName: 'new', sort: 1 } }),
    ]);
    oneWins(answers, 'postCode', '岗位编号已存在');
  });

  it('a user account: one saves, the other hears 当前用户已存在', async () => {
    const roles = (await admin.call({ method: 'GET', url: '/us-system/role/lazy-list' })).json().data;
    const depts = (await admin.call({ method: 'GET', url: '/us-system/dept/lazy-list' })).json().data;
    const body = (i: number) => ({ account: 'twin', password: 'Twin1234', name: `twin${i}`, realName: `twin${i}`, roleId: roles[0].id, deptId: depts[0].id });
    oneWins(await all(3, (i) => admin.call({ method: 'POST', url: '/us-user/submit', payload: body(i) })), 'account', '当前用户已存在');
  });

  it('a region code (its key, no unique rule declared): the primary key settles it, named as the code', async () => {
    const answers = await all(3, (i) =>
      admin.call({ method: 'POST', url: '/us-system/region/submit', payload: { code: '440399', parentCode: '440300', name: `并发区${i}`, level: 3, sort: 1 } }),
    );
    oneWins(answers, 'code', '区划编号已存在');
    // no check runs before this write: both losers were stopped by the primary key
    expect(settledByIndex.filter((s) => s === 'region.code')).toHaveLength(2);
  });

  it('when the check before the write loses the race, the unique index answers for it with the field', async () => {
    // the check sees nothing, as it would when the other write commits right after it
    const taken = vi.spyOn(ResourceStore.prototype, 'taken').mockResolvedValue(false);
    try {
      settledByIndex.length = 0;
      const post = (postName: string) => admin.call({ method: 'POST', url: '/us-system/post/submit', payload: { category: 1, postCode: 'lost.check', postName, sort: 1 } });
      expect((await post('first')).statusCode).toBe(200);
      const second = await post('second');
      expect(second.json()).toEqual({ code: 400, success: false, data: { field: 'postCode' }, msg: '岗位编号已存在' });
      const param = (v: string) => admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: 'n', paramKey: 'lost.check', paramValue: v } });
      expect((await param('1')).statusCode).toBe(200);
      expect((await param('2')).json()).toEqual({ code: 400, success: false, data: { field: 'paramKey' }, msg: '参数键名已存在' });
      const roles = (await admin.call({ method: 'GET', url: '/us-system/role/lazy-list' })).json().data;
      const depts = (await admin.call({ method: 'GET', url: '/us-system/dept/lazy-list' })).json().data;
      const user = () =>
        admin.call({
          method: 'POST',
          url: '/us-user/submit',
          payload: { account: 'lost.check', password: 'Lost1234', name: 'n', realName: 'n', roleId: roles[0].id, deptId: depts[0].id },
        });
      expect((await user()).statusCode).toBe(200);
      expect((await user()).json()).toEqual({ code: 400, success: false, data: { field: 'account' }, msg: '当前用户已存在' });
      expect(settledByIndex).toEqual(['post.postCode', 'param.paramKey', 'user.account']);
    } finally {
      taken.mockRestore();
    }
  });
});

/** A fake def: the post resource with other fields, on a throwaway server. */
const fakeDef = (fields: Record<string, FieldDef>, more: Partial<AnyResourceDef> = {}) =>
  ({ ...postResource, name: 'fake', basePath: '/fake', fields: { ...postResource.fields, ...fields }, ...more }) as unknown as ResourceDef<Record<string, FieldDef>>;
const freshDeps = (): CrudDeps => ({ db: t.ctx.database.db, totals: new TotalCache(), registry: new ResourceRegistry(), secrets: t.ctx.secrets });
const register =
  (def: ResourceDef<Record<string, FieldDef>>, table: object, options: ResourceOptions = {}, deps = freshDeps()) =>
  () =>
    registerResource(Fastify(), deps, def, table as never, options);

describe('registering a resource checks its definition against its table', () => {
  it('a field with no column stops the registration', () => {
    expect(register(fakeDef({ nickname: { label: { zh: '昵称', en: 'Nick' }, kind: 'string' } }), schema.post)).toThrow("resource 'fake': field 'nickname' has no column in its table");
  });

  it('a field allowing more characters than its column stops it', () => {
    expect(register(fakeDef({ postCode: { ...postResource.fields.postCode, maxLength: 65 } }), schema.post)).toThrow("field 'postCode' allows 65 characters, its column 64");
  });

  it('the tenancy must match the table: per tenant needs tenant_id, global must not have one', () => {
    expect(register(fakeDef({}, { tenancy: 'global' }), schema.post)).toThrow("resource 'fake' is global but its table has a tenant_id");
    const regionAsTenant = { ...regionResource, name: 'fake', basePath: '/fake', tenancy: 'tenant' } as unknown as ResourceDef<Record<string, FieldDef>>;
    expect(register(regionAsTenant, schema.region)).toThrow("resource 'fake' is per tenant but its table has no tenant_id");
  });

  it('an action without a handler, a handler without an action, and a name used twice stop it', () => {
    const withAction = fakeDef({}, { actions: [{ name: 'check', label: { zh: '检查', en: 'Check' }, permission: 'fake_check', path: 'check', on: 'row' }] });
    expect(register(withAction, schema.post)).toThrow("action 'check' has no handler");
    expect(register(fakeDef({}), schema.post, { actions: { nothing: async () => {} } })).toThrow("handler for unknown action 'nothing'");
    const deps = freshDeps();
    register(fakeDef({}), schema.post, {}, deps)();
    expect(register(fakeDef({}), schema.post, {}, deps)).toThrow("resource 'fake' is registered twice");
  });

  it('the real definitions register on their tables, and a virtual field needs no column', () => {
    expect(register(fakeDef({ shown: { label: { zh: '计算', en: 'Computed' }, kind: 'string', virtual: true } }), schema.post)).not.toThrow();
    expect(register(paramResource as never, schema.param)).not.toThrow();
  });
});

describe('the after-hook is part of the write', () => {
  it('a failing afterSubmit leaves nothing behind; a failing beforeRemove removes nothing', async () => {
    const app = Fastify({ ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', allErrors: true }, plugins: [inputFormats] } });
    registerErrorHandling(app, () => undefined);
    const me: AuthUser = { userId: 1, tenantId: '000000', account: 'admin', roleIds: [], deptId: '', sessionId: 's', clientId: 'c', exp: 0 };
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      req.user = me;
    });
    registerResource(app, freshDeps(), fakeDef({}, { basePath: '/us-system/post' }), schema.post as never, {
      hooks: {
        afterSubmit() {
          throw new Error('after-hook failed');
        },
        beforeRemove() {
          throw new Error('before-hook failed');
        },
      },
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/us-system/post/submit', payload: { category: 1, postCode: 'ghost', postName: 'ghost', sort: 1 } });
    expect(res.statusCode).toBe(500);
    expect((await admin.call({ method: 'GET', url: '/us-system/post/detail', query: { postCode: 'ghost' } })).statusCode).toBe(404);

    const ceo = (await admin.call({ method: 'GET', url: '/us-system/post/detail', query: { postCode: 'ceo' } })).json().data;
    const renamed = await app.inject({ method: 'POST', url: '/us-system/post/submit', payload: { ...ceo, postName: 'renamed' } });
    expect(renamed.statusCode).toBe(500);
    expect((await admin.call({ method: 'GET', url: '/us-system/post/detail', query: { id: ceo.id } })).json().data.postName).toBe('首席执行官');

    expect((await app.inject({ method: 'POST', url: '/us-system/post/remove', query: { ids: ceo.id } })).statusCode).toBe(500);
    expect((await admin.call({ method: 'GET', url: '/us-system/post/detail', query: { id: ceo.id } })).statusCode).toBe(200);
    await app.close();
  });
});

describe('every route declares who may call it', () => {
  /** Grants `granted` to every caller; counts the lookups. */
  const stubAccess = (granted: string[]) => {
    const calls: number[][] = [];
    const access = {
      calls,
      async grants(roleIds: number[]) {
        calls.push(roleIds);
        return { key: roleIds.join(','), menuIds: new Set<number>(), codes: new Set(granted), dataRules: [], apiScopeIds: new Set<number>() };
      },
      async apiRules() {
        return [];
      },
      invalidate() {},
    };
    return access as unknown as Access & { calls: number[][] };
  };

  async function server(routes: (api: FastifyInstance) => void, granted: string[] = []) {
    const app = Fastify();
    registerErrorHandling(app, () => undefined);
    let declared: RouteAccess[] = [];
    const access = stubAccess(granted);
    await app.register(async (api) => {
      api.decorateRequest('user', null);
      api.addHook('onRequest', async (req) => {
        if (req.headers.who) req.user = { userId: 7, tenantId: '000000', account: 'x', roleIds: [3], deptId: '', sessionId: 's', clientId: 'c', exp: 0 };
      });
      declared = enforcePermissions(api, access);
      routes(api);
    });
    await app.ready();
    return { app, declared, access };
  }

  it('a route that declares nothing stops the start', async () => {
    await expect(server((api) => api.get('/us-x/none', async () => 'ok'))).rejects.toThrow(
      'route GET /us-x/none must declare exactly one of public, signedIn or permission (it declares none)',
    );
  });

  it('a route that declares two stops it too', async () => {
    await expect(server((api) => api.post('/us-x/two', { config: { public: true, permission: 'x' } }, async () => 'ok'))).rejects.toThrow('(it declares public, permission)');
  });

  it('declared routes are listed, and a permission is checked before the body is validated', async () => {
    const { app, declared, access } = await server(
      (api) => {
        api.get('/us-x/open', { config: { public: true } }, async () => 'open');
        api.get('/us-x/mine', { config: { signedIn: true } }, async () => 'mine');
        api.post('/us-x/guarded', { config: { permission: ['x_add', 'x_admin'] }, schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } }, async () => 'done');
        api.post('/us-x/allowed', { config: { permission: 'granted_code' }, schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } }, async () => 'done');
      },
      ['granted_code'],
    );
    expect(declared.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([
      'GET /us-x/open public',
      'GET /us-x/mine signedIn',
      'POST /us-x/guarded permission',
      'POST /us-x/allowed permission',
    ]);

    expect((await app.inject({ method: 'GET', url: '/us-x/open' })).body).toBe('open');
    const refused = await app.inject({ method: 'POST', url: '/us-x/guarded', headers: { who: '1' }, payload: { name: 42, extra: true } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, success: false, msg: '缺少操作权限: x_add | x_admin' });
    expect(access.calls).toContainEqual([3]);
    // the granted code passes to validation, then to the handler
    expect((await app.inject({ method: 'POST', url: '/us-x/allowed', headers: { who: '1' }, payload: { name: '' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/us-x/allowed', headers: { who: '1' }, payload: { name: 'n' } })).body).toBe('done');
    await app.close();
  });
});
