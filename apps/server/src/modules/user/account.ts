import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { userResource } from '@wb/contracts/resources/org';
import { passwordChangeError, passwordErrorField, PASSWORD_MESSAGES, phoneError, REGISTER_MESSAGES } from '@wb/contracts/validation';
import { dept, role, tenant, user, userOauth } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import { CaptchaService } from '../../platform/captcha';
import type { AppContext } from '../../platform/context';
import { callerRow } from '../../platform/caller-row';
import { badRequest, EmptyEnvelope, Envelope, idStr, ok } from '../../platform/envelope';
import { checkAccountQuota } from '../../platform/quota';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { setPassword } from '../../platform/password-change';
import { scopeOf, tenantScope, visible } from '../../platform/scope';
import { IdText } from '../../platform/input-types';
import { remindAccountTaken } from './register-conflict';

const ids = (list: string) => list.split(',').filter(Boolean).map(Number);

/** The signed-in user's own account (password, profile, the depts and roles to switch to) and guest registration. */
export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const captchas = new CaptchaService(db, ctx.config.captchaFixedCode);

    app.post('/us-user/update-password', {
      schema: {
        tags: ['用户'],
        summary: '修改本人密码',
        body: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 128 }), newPassword: Type.String({ maxLength: 128 }), newPassword1: Type.String({ maxLength: 128 }) }),
        response: { 200: EmptyEnvelope },
      },
      config: { signedIn: true, fieldMessages: { oldPassword: { label: '原密码', required: '请输入原密码' }, newPassword: { label: '新密码' }, newPassword1: { label: '确认密码' } } },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { oldPassword: string; newPassword: string; newPassword1: string };
        const rule = passwordChangeError(b.oldPassword, b.newPassword, b.newPassword1);
        if (rule) throw badRequest(rule, passwordErrorField(rule));
        const u = await callerRow(db, req);
        if (!(await verifyPassword(u.password, b.oldPassword))) throw badRequest(PASSWORD_MESSAGES.oldWrong, 'oldPassword');
        // the user's other sessions end (someone who knew the old password is signed out); this one goes on
        await setPassword(db, ctx.sessions, eq(user.id, u.id), b.newPassword, { keep: me.sessionId, by: me.userId });
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
      config: { signedIn: true, fieldMessages: { email: { label: '邮箱' }, realName: { label: '姓名' }, name: { label: '昵称' } } },
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
          .where(visible(user, scopeOf(req), eq(user.id, me.userId)));
        // the user list's totals count by name and phone: a write outside the resource forgets them too
        ctx.totals.forget(userResource.name);
        return ok(true, '更新成功');
      },
    });

    const Option = Type.Object({ id: Type.String(), name: Type.String() });

    app.get('/us-system/dept/select', {
      schema: {
        tags: ['用户'],
        summary: '本人可切换的部门',
        querystring: Type.Object({ userId: Type.Optional(IdText()) }),
        response: { 200: Envelope(Type.Array(Option)) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        const [u] = await db.select({ deptId: user.deptId }).from(user).where(eq(user.id, me.userId)).limit(1);
        const rows = ids(u.deptId).length
          ? await db
              .select()
              .from(dept)
              .where(visible(dept, scopeOf(req), inArray(dept.id, ids(u.deptId))))
          : [];
        return ok(rows.map((d) => ({ id: idStr(d.id), name: d.deptName })));
      },
    });

    app.get('/us-system/role/select', {
      schema: {
        tags: ['用户'],
        summary: '本人可切换的角色',
        querystring: Type.Object({ userId: Type.Optional(IdText()) }),
        response: { 200: Envelope(Type.Array(Option)) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        const [u] = await db.select({ roleId: user.roleId }).from(user).where(eq(user.id, me.userId)).limit(1);
        const rows = ids(u.roleId).length
          ? await db
              .select()
              .from(role)
              .where(visible(role, scopeOf(req), inArray(role.id, ids(u.roleId))))
          : [];
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
        // in captcha mode a registration needs one too (Captcha-Key/Captcha-Code, as the login), so no script can mass-register
        if (ctx.config.captchaEnabled && !(await captchas.check(req.headers['captcha-key'] as string | undefined, req.headers['captcha-code'] as string | undefined))) {
          throw badRequest(AUTH_MESSAGES.badCaptcha, 'captcha');
        }
        const scope = tenantScope(b.tenantId);
        const [t] = await db
          .select({ id: tenant.id })
          .from(tenant)
          .where(visible(tenant, scope, eq(tenant.tenantId, b.tenantId)))
          .limit(1);
        if (!t) throw badRequest('租户不存在', 'tenantId');
        await checkAccountQuota(db, b.tenantId);
        let binding: typeof userOauth.$inferSelect | undefined;
        if (b.oauthId) {
          if (!/^\d+$/.test(b.oauthId)) throw badRequest('第三方账号信息无效', 'oauthId');
          [binding] = await db
            .select()
            .from(userOauth)
            .where(visible(userOauth, scope, eq(userOauth.id, Number(b.oauthId)), isNull(userOauth.userId)))
            .limit(1);
          if (!binding) throw badRequest('第三方账号信息无效', 'oauthId');
        }
        // status 0: the account exists but cannot log in until an administrator approves it. A taken
        // account inserts nothing (the unique index decides, so two at once cannot both pass) and is
        // answered alike, after the same argon2 work: the administrators hear of it instead, once the
        // answer is on its way.
        const [created] = await db
          .insert(user)
          .values({
            tenantId: b.tenantId,
            account: b.account,
            password: await hashPassword(b.password),
            name: b.name ?? b.account,
            realName: b.name ?? '',
            avatar: binding?.avatar ?? '',
            userType: 3,
            status: 0,
          })
          .onConflictDoNothing()
          .returning({ id: user.id });
        if (created) {
          if (binding) await db.update(userOauth).set({ userId: created.id }).where(eq(userOauth.id, binding.id));
          ctx.totals.forget(userResource.name);
        } else {
          // after answering: the reminder's queries would make a taken account's answer the slower one
          void remindAccountTaken(db, ctx.changes, b.tenantId, b.account).catch((err: unknown) =>
            req.log.error({ err, tenantId: b.tenantId }, 'the reminder of a taken account was not stored'),
          );
        }
        return ok(true, REGISTER_MESSAGES.submitted);
      },
    });
  };
}
