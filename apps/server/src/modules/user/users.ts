import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PASSWORD_MESSAGES, passwordChangeError, passwordErrorField } from '@wb/contracts/validation';
import { USER_DISABLED, USER_MESSAGES } from '@wb/contracts/resources/org';
import { dept, param, post, role, user, userPlatform } from '../../db/schema/index';
import { announceUsers, caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, EmptyEnvelope, Envelope, notFound, ok } from '../../platform/envelope';
import { setPassword } from '../../platform/password-change';
import { logGrants } from '../../platform/grant-log';
import { checkAccountQuota } from '../../platform/quota';
import { checkMemberLimits, type Member } from '../../platform/subscription';
import { liftLocks, lockedAnywhere } from '../../platform/login-limits';
import { scopeOf, visible, type Scope } from '../../platform/scope';
import { IdText } from '../../platform/input-types';

/** The initial password when the tenant has not set `account.initPassword`. */
const FALLBACK_INIT_PASSWORD = 'Init1234';

/**
 * The names of the records a comma-joined id column points at, in the ids' order, joined in
 * the list's own statement: no second round trip per page.
 */
const namesOf = (table: typeof role | typeof dept | typeof post, id: PgColumn, name: PgColumn, ids: PgColumn) => (scope: Scope) =>
  sql<string>`(select coalesce(string_agg(${name}, ',' order by array_position(string_to_array(${ids}, ','), ${id}::text)), '') from ${table} where ${visible(table, scope, sql`${id} = any(string_to_array(${ids}, ',')::bigint[])`)})`;

/**
 * Users on the resource framework: a department filter that takes the
 * department's descendants too, the names of roles, departments and posts beside
 * their ids, the lock state, and the password reset, unlock, disable and enable actions.
 */
export function userOptions(ctx: AppContext): ResourceOptions {
  const db = ctx.database.db;
  /** The chosen users' status; the other instances drop what they cached of them when it commits. */
  const setStatus = async (chosen: SQL, status: number) => {
    await db.transaction(async (tx) => {
      const t = tx as unknown as typeof db;
      const done = await t.update(user).set({ status, updateTime: new Date() }).where(chosen).returning({ id: user.id });
      if (!done.length) throw notFound('数据不存在');
      await announceUsers(
        ctx.changes,
        t,
        done.map((u) => u.id),
      );
    });
  };
  return {
    aliases: { list: ['v2/page', 'list'], detail: ['v2/detail'], add: ['v2/submit'], update: ['v2/update'] },
    filters: {
      deptId: {
        schema: IdText({ description: '部门 (含下级)' }),
        // the chosen department and every department below it (ancestors holds the chain of parent ids)
        // the matching ids are gathered first (the GIN index on dept_id answers the overlap), so the
        // planner never walks the whole list by id hoping to meet ten of them early
        where: (v, scope) =>
          sql`${user.id} = any(array(select u.id from ${user} u where u.tenant_id = ${scope.tenantId} and u.is_deleted = 0 and string_to_array(u.dept_id, ',') && array(select d.id::text from ${dept} d where d.tenant_id = ${scope.tenantId} and d.is_deleted = 0 and (d.id = ${v}::bigint or (',' || d.ancestors || ',') like '%,' || ${v}::text || ',%'))))`,
      },
    },
    computed: {
      roleName: namesOf(role, role.id, role.roleName, user.roleId),
      deptName: namesOf(dept, dept.id, dept.deptName, user.deptId),
      postName: namesOf(post, post.id, post.postName, user.postId),
      // locked at any source address (login-limits.ts), or the account as a whole
      locked: () => sql<number>`(coalesce(${user.lockedUntil} > now(), false) or ${lockedAnywhere(user.tenantId, user.account)})::int`,
    },
    answers: { roleName: Type.String(), deptName: Type.String(), postName: Type.String(), locked: Type.Number() },
    hooks: {
      // a tenant's account quota bounds the users added to it
      async beforeSubmit({ user: me }, _values, existing) {
        if (!existing) await checkAccountQuota(db, me.tenantId);
      },
      beforeRemove({ user: me }, rows) {
        if (rows.some((r) => r.id === me.userId)) throw badRequest(USER_MESSAGES.removeSelf.zh, 'ids');
      },
      // a removed user, or one disabled or given other roles or departments, loses their tokens: this
      // instance checks their sessions afresh at once (SessionCheck compares the token with the user row)
      async afterSubmit({ db: tx, user: me }, row, isNew, existing) {
        // counted again inside the write, where the users an import's batch added before this one count too
        if (isNew) await checkAccountQuota(tx, me.tenantId, true);
        else await ctx.changes.publish(tx, 'users', String(row.id));
        // the subscription packages of the projects the user's roles now tie them to
        await checkMemberLimits(tx, me.tenantId, row as unknown as Member, existing as unknown as Member | undefined);
      },
      async afterRemove({ db: tx }, rows) {
        await announceUsers(
          ctx.changes,
          tx,
          rows.map((r) => r.id as number),
        );
      },
    },
    actions: {
      /** A registered guest (status 0) becomes a user of the tenant, with the plain role unless given others. */
      async 'audit-pass'({ scope, keys, store, user: me }) {
        const [plain] = await db
          .select({ id: role.id })
          .from(role)
          .where(visible(role, scope, eq(role.roleAlias, 'user')))
          .limit(1);
        const pending = await db
          .select()
          .from(user)
          .where(store.where(scope, inArray(user.id, keys as number[]), eq(user.status, 0)));
        for (const u of pending) {
          await db
            .update(user)
            .set({ status: 1, roleId: u.roleId || (plain ? String(plain.id) : ''), updateUser: me.userId, updateTime: new Date() })
            .where(store.where(scope, eq(user.id, u.id)));
        }
        return `已审核 ${pending.length} 个账号`;
      },
      async 'reset-password'({ scope, keys, store, user: me }) {
        const [p] = await db
          .select({ v: param.paramValue })
          .from(param)
          .where(visible(param, scope, eq(param.paramKey, 'account.initPassword')))
          .limit(1);
        // the users are signed out everywhere (an administrator resetting themselves keeps the session doing it)
        const done = await setPassword(db, ctx.sessions, store.where(scope, inArray(user.id, keys as number[])), p?.v || FALLBACK_INIT_PASSWORD, { keep: me.sessionId, by: me.userId });
        if (!done.length) throw notFound('数据不存在');
      },
      /** POST /us-user/grant: the chosen users get exactly these roles (of their tenant); their sessions are checked afresh. */
      async grant({ req, scope, keys, store, body }) {
        const roleIds = String(body.roleIds ?? (req.query as { roleIds?: string }).roleIds ?? '');
        if (!roleIds) throw badRequest('请选择所属角色', 'roleIds');
        await store.checkRefs(scope, { roleId: roleIds }).catch((err: { data?: { field?: string } }) => {
          if (err.data?.field === 'roleId') err.data.field = 'roleIds';
          throw err;
        });
        const chosen = store.where(scope, inArray(user.id, keys as number[]));
        const before = await db.select({ id: user.id, tenantId: user.tenantId, roleId: user.roleId, userType: user.userType }).from(user).where(chosen);
        if (!before.length) throw notFound('数据不存在');
        const asIds = (list: string) => list.split(',').filter(Boolean).map(Number);
        await db.transaction(async (tx) => {
          const t = tx as unknown as typeof db;
          await t.update(user).set({ roleId: roleIds, updateTime: new Date() }).where(chosen);
          await logGrants(
            t,
            req,
            before.map((u) => ({ tenantId: u.tenantId, targetType: 'user', targetId: u.id, field: 'role', before: asIds(u.roleId), after: asIds(roleIds) })),
          );
          await announceUsers(
            ctx.changes,
            t,
            before.map((u) => u.id),
          );
          for (const u of before) await checkMemberLimits(t, u.tenantId, { roleId: roleIds, userType: u.userType }, u, 'roleIds');
        });
      },
      /** Active users stop being able to sign in; their sessions are refused on every instance as soon as it commits. */
      async disable({ scope, keys, store, user: me }) {
        if ((keys as number[]).includes(me.userId)) throw badRequest(USER_MESSAGES.disableSelf.zh, 'userIds');
        await setStatus(store.where(scope, inArray(user.id, keys as number[]), eq(user.status, 1)), USER_DISABLED);
      },
      async enable({ scope, keys, store }) {
        await setStatus(store.where(scope, inArray(user.id, keys as number[]), eq(user.status, USER_DISABLED)), 1);
      },
      async unlock({ scope, keys, store }) {
        const done = await db
          .update(user)
          .set({ failCount: 0, lockedUntil: null, updateTime: new Date() })
          .where(store.where(scope, inArray(user.id, keys as number[])))
          .returning({ id: user.id, tenantId: user.tenantId, account: user.account });
        if (!done.length) throw notFound('数据不存在');
        // the lock of every source address the account was guessed from
        await liftLocks(db, done);
      },
    },
  };
}

/** The family's per-platform user settings and an administrator's password change for a user. */
export function userPlatformRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const db = ctx.database.db;
    const Platform = Type.Object({ userId: Type.String(), userType: Type.Integer(), userExt: Type.String() });
    const findUser = async (scope: Scope, id: number) => {
      const [u] = await db
        .select({ id: user.id, userType: user.userType })
        .from(user)
        .where(visible(user, scope, eq(user.id, id)))
        .limit(1);
      if (!u) throw notFound('数据不存在');
      return u;
    };

    app.get('/us-user/platform-detail', {
      schema: { tags: ['用户管理'], summary: '用户平台配置详情', querystring: Type.Object({ id: IdText() }), response: { 200: Envelope(Platform) } },
      config: { permission: 'user' },
      handler: async (req) => {
        const scope = scopeOf(req);
        const u = await findUser(scope, Number((req.query as { id: string }).id));
        const [p] = await db
          .select()
          .from(userPlatform)
          .where(visible(userPlatform, scope, eq(userPlatform.userId, u.id), eq(userPlatform.userType, u.userType)))
          .limit(1);
        return ok({ userId: String(u.id), userType: u.userType, userExt: p?.userExt ?? '' });
      },
    });

    app.post('/us-user/update-platform', {
      schema: {
        tags: ['用户管理'],
        summary: '修改用户平台配置',
        body: Type.Object({ userId: IdText(), userType: Type.Integer({ minimum: 1, maximum: 3 }), userExt: Type.String({ maxLength: 4000 }) }),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: 'user_edit' },
      handler: async (req) => {
        const scope = scopeOf(req);
        const { tenantId } = caller(req);
        const b = req.body as { userId: string; userType: number; userExt: string };
        const u = await findUser(scope, Number(b.userId));
        await db
          .insert(userPlatform)
          .values({ tenantId, userId: u.id, userType: b.userType, userExt: b.userExt })
          .onConflictDoUpdate({ target: [userPlatform.userId, userPlatform.userType], set: { userExt: b.userExt } });
        return ok(true, '操作成功!');
      },
    });

    app.post('/us-user/update-password2', {
      schema: {
        tags: ['用户管理'],
        summary: '管理员修改用户密码',
        body: Type.Object({ userId: IdText(), newPassword: Type.String({ maxLength: 64 }), newPassword1: Type.String({ maxLength: 64 }) }),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: 'user_reset', fieldMessages: { newPassword: { label: '新密码' }, newPassword1: { label: '确认密码' } } },
      handler: async (req) => {
        const scope = scopeOf(req);
        const b = req.body as { userId: string; newPassword: string; newPassword1: string };
        const err = passwordChangeError('', b.newPassword, b.newPassword1);
        if (err) throw badRequest(err, passwordErrorField(err));
        const u = await findUser(scope, Number(b.userId));
        const me = caller(req);
        await setPassword(db, ctx.sessions, visible(user, scope, eq(user.id, u.id)), b.newPassword, { keep: me.sessionId, by: me.userId });
        return ok(true, PASSWORD_MESSAGES.changed);
      },
    });
  };
}
