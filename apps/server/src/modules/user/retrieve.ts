import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { passwordChangeError, PASSWORD_MESSAGES, phoneError } from '@wb/contracts/validation';
import { user, verifyCode } from '../../db/schema/index';
import { namedTenant } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, EmptyEnvelope, Envelope, ok } from '../../platform/envelope';
import { setPassword } from '../../platform/password-change';
import { tenantScope, visible } from '../../platform/scope';
import { TokenService } from '../../platform/tokens';
import { CaptchaService } from '../../platform/captcha';

export const RETRIEVE_MESSAGES = {
  noAccount: '账号不存在',
  phoneMismatch: '手机号码与账号不匹配',
  tooSoon: '验证码发送过于频繁,请一分钟后再试',
  dailyLimit: '今日验证码发送次数已达上限',
  badCode: '验证码错误或已失效',
  badCaptcha: '图形验证码不正确',
  badIdentify: '验证已失效,请重新获取验证码',
  sent: '验证码已发送',
  reset: '密码重置成功,请使用新密码登录',
} as const;

const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const DAILY_LIMIT = 10;
const PURPOSE = 'reset-password';

const mask = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '');

/**
 * Forgotten password, before login: account + captcha → masked
 * phone → SMS code (hashed, 5 minutes, single use, 5 tries, 1 a minute, 10 a day)
 * → a short-lived identifyCode → new password.
 */
export function retrieveRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const captchas = new CaptchaService(db, ctx.config.captchaFixedCode);
    // identifyCodes are signed with their own key, so one can never pass as an access token
    const identify = new TokenService(`${ctx.config.jwtSecret}:retrieve`);
    const codeHash = (phone: string, code: string) => createHmac('sha256', ctx.config.jwtSecret).update(`${phone}:${code}`).digest('hex');
    const limit = { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } };

    const findUser = async (tenantId: string, account: string) => {
      const [u] = await db
        .select()
        .from(user)
        .where(visible(user, tenantScope(tenantId), eq(user.account, account)))
        .limit(1);
      return u as typeof u | undefined;
    };
    // An account that does not exist gets a made-up masked phone, the same one each time, instead of
    // '账号不存在': the call is then no oracle of which accounts exist (the spec needs the masked phone
    // of a real one, nothing about others). A mistyped account fails at sendMessage, as a wrong phone does.
    const decoyPhone = (tenantId: string, account: string) => {
      const h = createHmac('sha256', ctx.config.jwtSecret).update(`retrieve-decoy:${tenantId}:${account}`).digest();
      return `1${'35789'[h[0] % 5]}${h[1] % 10}****${String(h.readUInt16BE(2) % 10_000).padStart(4, '0')}`;
    };

    app.get('/us-user/retrieve/captcha', {
      schema: { tags: ['找回密码'], summary: '图形验证码', response: { 200: Type.Object({ key: Type.String(), image: Type.String() }) } },
      config: { public: true, ...limit },
      handler: () => captchas.create(),
    });

    app.get('/us-user/retrieve/user-info', {
      schema: {
        tags: ['找回密码'],
        summary: '按账号查询绑定手机 (脱敏)',
        querystring: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }), tenantId: Type.Optional(Type.String({ maxLength: 12 })) }),
        response: { 200: Envelope(Type.Object({ account: Type.String(), phone: Type.String() })) },
      },
      config: { public: true, ...limit, fieldMessages: { account: { required: '请先输入账号名称' } } },
      handler: async (req) => {
        const q = req.query as { account: string; tenantId?: string };
        const tenantId = namedTenant(req, q.tenantId);
        const u = await findUser(tenantId, q.account);
        return ok({ account: q.account, phone: u ? mask(u.phone) : decoyPhone(tenantId, q.account) });
      },
    });

    app.get('/us-user/retrieve/sendMessage', {
      schema: {
        tags: ['找回密码'],
        summary: '发送短信验证码 (需图形验证码 Captcha-Key / Captcha-Code)',
        querystring: Type.Object({
          account: Type.String({ minLength: 1, maxLength: 64 }),
          phone: Type.String({ maxLength: 32 }),
          type: Type.Optional(Type.String({ maxLength: 32 })),
          tenantId: Type.Optional(Type.String({ maxLength: 12 })),
        }),
        response: { 200: EmptyEnvelope },
      },
      config: { public: true, ...limit, fieldMessages: { account: { required: '请先输入账号名称' } } },
      handler: async (req) => {
        const q = req.query as { account: string; phone: string; tenantId?: string };
        const phoneRule = phoneError(q.phone);
        if (phoneRule) throw badRequest(phoneRule, 'phone');
        if (!(await captchas.check(req.headers['captcha-key'] as string, req.headers['captcha-code'] as string))) throw badRequest(RETRIEVE_MESSAGES.badCaptcha, 'captcha');
        const tenantId = namedTenant(req, q.tenantId);
        const u = await findUser(tenantId, q.account);
        // an unknown account answers as a wrong phone does (see decoyPhone)
        if (!u || u.phone !== q.phone) throw badRequest(RETRIEVE_MESSAGES.phoneMismatch, 'phone');
        const [last] = await db
          .select({ at: verifyCode.createTime })
          .from(verifyCode)
          .where(and(eq(verifyCode.phone, q.phone), eq(verifyCode.purpose, PURPOSE)))
          .orderBy(desc(verifyCode.id))
          .limit(1);
        if (last && Date.now() - last.at.getTime() < 60_000) throw badRequest(RETRIEVE_MESSAGES.tooSoon, 'phone');
        const [{ n }] = await db
          .select({ n: count() })
          .from(verifyCode)
          .where(and(eq(verifyCode.phone, q.phone), eq(verifyCode.purpose, PURPOSE), gt(verifyCode.createTime, new Date(Date.now() - 86_400_000))));
        if (Number(n) >= DAILY_LIMIT) throw badRequest(RETRIEVE_MESSAGES.dailyLimit, 'phone');
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        // sent first: a code that never reached the phone must not count against its allowance
        const [sent] = await ctx.sms.send(tenantId, [q.phone], { content: `您正在找回密码,验证码 ${code},5分钟内有效。如非本人操作请忽略。`, params: { code } });
        if (sent.error) throw badRequest(sent.error, 'phone');
        await db
          .insert(verifyCode)
          .values({ tenantId, userId: u.id, phone: q.phone, purpose: PURPOSE, codeHash: codeHash(q.phone, code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
        return ok(true, RETRIEVE_MESSAGES.sent);
      },
    });

    /** Checks the newest unused code of the phone; each wrong try counts, the right one is used up. */
    const redeem = async (phone: string, code: string) => {
      const [row] = await db
        .select()
        .from(verifyCode)
        .where(and(eq(verifyCode.phone, phone), eq(verifyCode.purpose, PURPOSE), isNull(verifyCode.usedAt)))
        .orderBy(desc(verifyCode.id))
        .limit(1);
      if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) throw badRequest(RETRIEVE_MESSAGES.badCode, 'code');
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(codeHash(phone, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await db
          .update(verifyCode)
          .set({ attempts: row.attempts + 1 })
          .where(eq(verifyCode.id, row.id));
        throw badRequest(RETRIEVE_MESSAGES.badCode, 'code');
      }
      const [used] = await db
        .update(verifyCode)
        .set({ usedAt: new Date() })
        .where(and(eq(verifyCode.id, row.id), isNull(verifyCode.usedAt)))
        .returning();
      if (!used) throw badRequest(RETRIEVE_MESSAGES.badCode, 'code');
      const [u] = await db
        .select()
        .from(user)
        .where(visible(user, tenantScope(row.tenantId), eq(user.id, row.userId)))
        .limit(1);
      if (!u) throw badRequest(RETRIEVE_MESSAGES.noAccount, 'account');
      return identify.sign(
        { sid: `retrieve:${row.id}`, tenant_id: u.tenantId, user_id: String(u.id), account: u.account, role_id: '', dept_id: '', client_id: PURPOSE },
        600,
        String(row.id),
      );
    };

    const CodeQuery = Type.Object({
      phone: Type.String({ minLength: 1, maxLength: 32 }),
      code: Type.String({ pattern: '^\\d{6}$' }),
      identifyCode: Type.Optional(Type.String({ maxLength: 2000 })),
    });
    for (const path of ['/us-user/retrieve/validateCode', '/us-user/retrieve/validateCodeForgetPass']) {
      app.get(path, {
        schema: { tags: ['找回密码'], summary: '校验短信验证码, 返回 identifyCode', querystring: CodeQuery, response: { 200: Envelope(Type.Object({ identifyCode: Type.String() })) } },
        config: { public: true, ...limit, fieldMessages: { code: { label: '验证码', required: RETRIEVE_MESSAGES.badCode }, phone: { required: '手机号码不能为空' } } },
        handler: async (req) => {
          const q = req.query as { phone: string; code: string };
          return ok({ identifyCode: await redeem(q.phone, q.code) });
        },
      });
    }

    app.post('/us-user/retrieve/resetPassword', {
      schema: {
        tags: ['找回密码'],
        summary: '重置密码',
        body: Type.Object({ newPassword: Type.String({ maxLength: 128 }), newPassword1: Type.String({ maxLength: 128 }), identifyCode: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: { 200: EmptyEnvelope },
      },
      config: { public: true, ...limit, fieldMessages: { identifyCode: { required: RETRIEVE_MESSAGES.badIdentify } } },
      handler: async (req) => {
        const b = req.body as { newPassword: string; newPassword1: string; identifyCode: string };
        const claims = identify.verify(b.identifyCode);
        if (!claims || claims.client_id !== PURPOSE) throw badRequest(RETRIEVE_MESSAGES.badIdentify, 'identifyCode');
        const rule = passwordChangeError('', b.newPassword, b.newPassword1);
        if (rule) throw badRequest(rule, rule === PASSWORD_MESSAGES.newFormat ? 'newPassword' : 'newPassword1');
        // an identifyCode works once: the first reset marks the code it came from as consumed
        const [first] = await db
          .update(verifyCode)
          .set({ consumedAt: new Date() })
          .where(visible(verifyCode, tenantScope(claims.tenant_id), eq(verifyCode.id, Number(claims.jti)), isNull(verifyCode.consumedAt)))
          .returning({ id: verifyCode.id });
        if (!first) throw badRequest(RETRIEVE_MESSAGES.badIdentify, 'identifyCode');
        // the owner proved themselves by SMS: signed out everywhere, the locks their forgotten password earned lifted
        await setPassword(db, ctx.sessions, eq(user.id, Number(claims.user_id)), b.newPassword);
        return ok(true, RETRIEVE_MESSAGES.reset);
      },
    });
  };
}
