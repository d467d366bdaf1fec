import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { passwordChangeError, PASSWORD_MESSAGES, phoneError, REGISTER_MESSAGES } from '@wb/contracts/validation';
import { dept, role, tenant, user, userOauth } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, ok, PageOf, pageOf, PageQuery } from '../../platform/envelope';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { likePattern } from '../../platform/resource/filters';

const ids = (list: string) => list.split(',').filter(Boolean).map(Number);

/** The signed-in user's own account (shell §7 'Own account') and guest registration. */
export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;

    app.post('/us-user/update-password', {
      schema: {
        tags: ['用户'],
        summary: '修改本人密码',
        body: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 128 }), newPassword: Type.String({ maxLength: 128 }), newPassword1: Type.String({ maxLength: 128 }) }),
        response: { 200: EmptyEnvelope },
      },
      config: { fieldMessages: { oldPassword: { label: '原密码', required: '请输入原密码' }, newPassword: { label: '新密码' }, newPassword1: { label: '确认密码' } } },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { oldPassword: string; newPassword: string; newPassword1: string };
        const rule = passwordChangeError(b.oldPassword, b.newPassword, b.newPassword1);
        if (rule) throw badRequest(rule, rule === PASSWORD_MESSAGES.repeatFormat || rule === PASSWORD_MESSAGES.mismatch ? 'newPassword1' : 'newPassword');
        const [u] = await db.select().from(user).where(and(eq(user.id, me.userId), eq(user.tenantId, me.tenantId))).limit(1);
        if (!(await verifyPassword(u.password, b.oldPassword))) throw badRequest(PASSWORD_MESSAGES.oldWrong, 'oldPassword');
        await db.update(user).set({ password: await hashPassword(b.newPassword), updateUser: me.userId, updateTime: new Date() }).where(eq(user.id, u.id));
        return ok(true, PASSWORD_MESSAGES.changed);
      },
    });

    app.post('/us-user/update-info', {
      schema: {
        tags: ['用户'],
        summary: '修改本人资料',
        body: Type.Object(
          {
            avatar: Type.Optional(Type.String({ maxLength: 1000 })),
            realName: Type.Optional(Type.String({ maxLength: 64 })),
            name: Type.Optional(Type.String({ maxLength: 64 })),
            phone: Type.Optional(Type.String({ maxLength: 32 })),
            email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 128 })])),
          },
          { additionalProperties: false },
        ),
        response: { 200: EmptyEnvelope },
      },
      config: { fieldMessages: { email: { label: '邮箱' }, realName: { label: '姓名' }, name: { label: '昵称' } } },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { avatar?: string; realName?: string; name?: string; phone?: string; email?: string };
        if (b.phone !== undefined) {
          const err = phoneError(b.phone);
          if (err) throw badRequest(err, 'phone');
        }
        // only addresses this server handed out may become an avatar, never a script or a foreign page
        if (b.avatar && !/^(\/us-resource\/|https?:\/\/)/.test(b.avatar)) throw badRequest('头像地址不正确', 'avatar');
        await db
          .update(user)
          .set({ ...b, updateUser: me.userId, updateTime: new Date() })
          .where(and(eq(user.id, me.userId), eq(user.tenantId, me.tenantId)));
        return ok(true, '更新成功');
      },
    });

    const Option = Type.Object({ id: Type.String(), name: Type.String() });

    app.get('/us-system/dept/select', {
      schema: { tags: ['用户'], summary: '本人可切换的部门', querystring: Type.Object({ userId: Type.Optional(Type.String({ pattern: '^\\d+$' })) }), response: { 200: Envelope(Type.Array(Option)) } },
      handler: async (req) => {
        const me = caller(req);
        const [u] = await db.select({ deptId: user.deptId }).from(user).where(eq(user.id, me.userId)).limit(1);
        const rows = ids(u.deptId).length ? await db.select().from(dept).where(and(inArray(dept.id, ids(u.deptId)), eq(dept.tenantId, me.tenantId), eq(dept.isDeleted, 0))) : [];
        return ok(rows.map((d) => ({ id: idStr(d.id), name: d.deptName })));
      },
    });

    app.get('/us-system/role/select', {
      schema: { tags: ['用户'], summary: '本人可切换的角色', querystring: Type.Object({ userId: Type.Optional(Type.String({ pattern: '^\\d+$' })) }), response: { 200: Envelope(Type.Array(Option)) } },
      handler: async (req) => {
        const me = caller(req);
        const [u] = await db.select({ roleId: user.roleId }).from(user).where(eq(user.id, me.userId)).limit(1);
        const rows = ids(u.roleId).length ? await db.select().from(role).where(and(inArray(role.id, ids(u.roleId)), eq(role.tenantId, me.tenantId), eq(role.isDeleted, 0))) : [];
        return ok(rows.map((r) => ({ id: idStr(r.id), name: r.roleName })));
      },
    });

    app.post('/us-user/register-guest', {
      schema: {
        tags: ['用户'],
        summary: '第三方账号注册 (待管理员审核)',
        body: Type.Object({
          tenantId: Type.String({ minLength: 1, maxLength: 12 }),
          name: Type.Optional(Type.String({ maxLength: 64 })),
          account: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.@-]+$', maxLength: 64 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          oauthId: Type.Optional(Type.String({ maxLength: 128 })),
        }),
        response: { 200: EmptyEnvelope },
      },
      config: {
        public: true,
        rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' },
        fieldMessages: {
          tenantId: { required: REGISTER_MESSAGES.tenantId },
          account: { label: '账号', required: REGISTER_MESSAGES.account },
          password: { required: REGISTER_MESSAGES.password },
        },
      },
      handler: async (req) => {
        const b = req.body as { tenantId: string; name?: string; account: string; password: string; oauthId?: string };
        const [t] = await db.select({ id: tenant.id }).from(tenant).where(and(eq(tenant.tenantId, b.tenantId), eq(tenant.isDeleted, 0))).limit(1);
        if (!t) throw badRequest('租户不存在', 'tenantId');
        const [taken] = await db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, b.tenantId), eq(user.account, b.account), eq(user.isDeleted, 0))).limit(1);
        if (taken) throw badRequest(REGISTER_MESSAGES.accountTaken, 'account');
        let binding: typeof userOauth.$inferSelect | undefined;
        if (b.oauthId) {
          if (!/^\d+$/.test(b.oauthId)) throw badRequest('第三方账号信息无效', 'oauthId');
          [binding] = await db
            .select()
            .from(userOauth)
            .where(and(eq(userOauth.id, Number(b.oauthId)), eq(userOauth.tenantId, b.tenantId), isNull(userOauth.userId)))
            .limit(1);
          if (!binding) throw badRequest('第三方账号信息无效', 'oauthId');
        }
        // status 0: the account exists but cannot log in until an administrator approves it
        const [created] = await db
          .insert(user)
          .values({ tenantId: b.tenantId, account: b.account, password: await hashPassword(b.password), name: b.name ?? b.account, realName: b.name ?? '', avatar: binding?.avatar ?? '', userType: 3, status: 0 })
          .returning({ id: user.id });
        if (binding) await db.update(userOauth).set({ userId: created.id }).where(eq(userOauth.id, binding.id));
        return ok(true, REGISTER_MESSAGES.submitted);
      },
    });
  };
}

/**
 * Administrators find registered guests (the user page filtered by status 0)
 * and approve them (status 0 → 1), giving them the tenant's plain role. The
 * page is the read side of admin spec §2 'user'; its editing comes with the
 * user resource.
 */
export function guestApprovalRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.get('/us-user/page', {
      schema: {
        tags: ['用户'],
        summary: '用户分页',
        querystring: Type.Object({
          ...PageQuery,
          account: Type.Optional(Type.String({ maxLength: 64 })),
          realName: Type.Optional(Type.String({ maxLength: 64 })),
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
          deptId: Type.Optional(Type.String({ pattern: '^\\d+$', maxLength: 20 })),
        }),
        response: {
          200: Envelope(
            PageOf(
              Type.Object({
                id: Type.String(),
                tenantId: Type.String(),
                account: Type.String(),
                name: Type.String(),
                realName: Type.String(),
                phone: Type.String(),
                email: Type.String(),
                userType: Type.Integer(),
                status: Type.Integer(),
                roleId: Type.String(),
                deptId: Type.String(),
                createTime: Type.String(),
              }),
            ),
          ),
        },
      },
      handler: async (req) => {
        await ctx.access.require(req, 'user');
        const q = req.query as { current: number; size: number; account?: string; realName?: string; status?: number; deptId?: string };
        const where = and(
          eq(user.tenantId, caller(req).tenantId),
          eq(user.isDeleted, 0),
          q.account ? ilike(user.account, likePattern(q.account)) : undefined,
          q.realName ? ilike(user.realName, likePattern(q.realName)) : undefined,
          q.status === undefined ? undefined : eq(user.status, q.status),
          q.deptId ? sql`${q.deptId} = any(string_to_array(${user.deptId}, ','))` : undefined,
        );
        const [{ n }] = await db.select({ n: count() }).from(user).where(where);
        const rows = await db.select().from(user).where(where).orderBy(desc(user.id)).limit(q.size).offset((q.current - 1) * q.size);
        const records = rows.map((u) => ({
          id: idStr(u.id),
          tenantId: u.tenantId,
          account: u.account,
          name: u.name,
          realName: u.realName,
          phone: u.phone,
          email: u.email,
          userType: u.userType,
          status: u.status,
          roleId: u.roleId,
          deptId: u.deptId,
          createTime: formatTime(u.createTime),
        }));
        return ok(pageOf(records, Number(n), q.current, q.size));
      },
    });

    app.post('/us-user/audit-pass', {
      schema: {
        tags: ['用户'],
        summary: '审核通过注册用户',
        querystring: Type.Object({ userIds: Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 4000 }) }),
        response: { 200: EmptyEnvelope },
      },
      handler: async (req) => {
        const me = caller(req);
        await ctx.access.require(req, 'user_edit');
        const [plain] = await db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, me.tenantId), eq(role.roleAlias, 'user'), eq(role.isDeleted, 0))).limit(1);
        const pending = await db
          .select()
          .from(user)
          .where(and(inArray(user.id, ids((req.query as { userIds: string }).userIds)), eq(user.tenantId, me.tenantId), eq(user.status, 0), eq(user.isDeleted, 0)));
        for (const u of pending) await db.update(user).set({ status: 1, roleId: u.roleId || (plain ? String(plain.id) : ''), updateUser: me.userId, updateTime: new Date() }).where(eq(user.id, u.id));
        return ok(true, `已审核 ${pending.length} 个账号`);
      },
    });
  };
}
