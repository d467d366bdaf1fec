import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, QR_MESSAGES, QR_STATUS, QR_TTL_SECONDS } from '@wb/contracts/auth';
import { qrLogin } from '../../db/schema/index';
import { caller, namedTenant } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { ApiError, badRequest, EmptyEnvelope, Envelope, forbidden, formatTime, notFound, ok } from '../../platform/envelope';
import type { LoginLimits } from '../../platform/login-limits';
import { sha256 } from '../../platform/tokens';
import type { ClientAuth } from './client-auth';
import { originOf } from './grant';
import type { LoginService } from './login-service';
import { asEnvelope } from './token-routes';

const Ticket = Type.String({ format: 'uuid' });
const TokenBody = Type.Object({}, { additionalProperties: true, description: 'raw OAuth2 token JSON (TokenResponse)' });

/**
 * QR login: the login page asks for a ticket and shows it as a QR code of the shell's confirm
 * page; a phone signed in to the same tenant opens it (scan) and confirms; the login page, which
 * alone holds the ticket's key, polls `customLoginByZytQr` and receives the session of the user
 * who confirmed, once. A code lives QR_TTL_SECONDS. The photo of a code is not enough to log in:
 * the key never leaves the page that asked for it.
 */
export function qrLoginRoutes(app: FastifyInstance, ctx: AppContext, deps: { clients: ClientAuth; logins: LoginService; limits: LoginLimits }): void {
  const { db } = ctx.database;

  /** The live ticket (not expired), or the refusal that says why not. */
  const live = async (ticket: string) => {
    const [row] = await db.select().from(qrLogin).where(eq(qrLogin.ticket, ticket)).limit(1);
    if (!row) throw notFound(QR_MESSAGES.unknown);
    if (row.expiresAt.getTime() <= Date.now() || row.status === QR_STATUS.used) throw badRequest(QR_MESSAGES.expired, 'ticket');
    if (row.status === QR_STATUS.cancelled) throw badRequest(QR_MESSAGES.cancelled, 'ticket');
    return row;
  };
  /** A phone's scan or answer: the ticket must be of the phone's tenant and still open. */
  const forPhone = async (req: FastifyRequest, ticket: string) => {
    const row = await live(ticket);
    if (row.tenantId !== caller(req).tenantId) throw forbidden(QR_MESSAGES.otherTenant);
    if (row.status === QR_STATUS.confirmed) throw badRequest(QR_MESSAGES.expired, 'ticket');
    return row;
  };

  app.post('/us-user/qr/ticket', {
    schema: {
      tags: ['认证'],
      summary: '扫码登录: 取二维码票据 (ticket 放入二维码, key 留在登录页)',
      body: Type.Optional(Type.Object({ tenantId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,12}$' })) })),
      response: { 200: Envelope(Type.Object({ ticket: Type.String(), key: Type.String(), expiresIn: Type.Integer() })) },
    },
    config: { public: true, fieldMessages: { tenantId: { label: '租户ID' } } },
    onRequest: deps.limits.perAddress,
    handler: async (req) => {
      const tenantId = namedTenant(req, (req.body as { tenantId?: string } | undefined)?.tenantId);
      const key = randomBytes(24).toString('base64url');
      const ticket = randomUUID();
      const origin = originOf(req);
      // codes an hour past their end are of no use to anyone
      await db.delete(qrLogin).where(lt(qrLogin.expiresAt, new Date(Date.now() - 3600_000)));
      await db.insert(qrLogin).values({ ticket, keyHash: sha256(key), tenantId, ip: origin.ip, userAgent: origin.userAgent, expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000) });
      return ok({ ticket, key, expiresIn: QR_TTL_SECONDS });
    },
  });

  app.post('/us-user/qr/scan', {
    schema: {
      tags: ['认证'],
      summary: '扫码登录: 手机已扫码 (答复发起登录的地址与浏览器, 供确认)',
      body: Type.Object({ ticket: Ticket }),
      response: { 200: Envelope(Type.Object({ ip: Type.String(), userAgent: Type.String(), createTime: Type.String() })) },
    },
    config: { signedIn: true, fieldMessages: { ticket: { label: '二维码' } } },
    handler: async (req) => {
      const row = await forPhone(req, (req.body as { ticket: string }).ticket);
      await db
        .update(qrLogin)
        .set({ status: QR_STATUS.scanned })
        .where(and(eq(qrLogin.ticket, row.ticket), eq(qrLogin.status, QR_STATUS.waiting)));
      return ok({ ip: row.ip, userAgent: row.userAgent, createTime: formatTime(row.createTime) });
    },
  });

  app.post('/us-user/qr/confirm', {
    schema: {
      tags: ['认证'],
      summary: '扫码登录: 手机确认或取消 (approve)',
      body: Type.Object({ ticket: Ticket, approve: Type.Boolean() }),
      response: { 200: EmptyEnvelope },
    },
    config: { signedIn: true, fieldMessages: { ticket: { label: '二维码' }, approve: { label: '是否确认' } } },
    handler: async (req) => {
      const { ticket, approve } = req.body as { ticket: string; approve: boolean };
      await forPhone(req, ticket);
      await db
        .update(qrLogin)
        .set(approve ? { status: QR_STATUS.confirmed, userId: caller(req).userId } : { status: QR_STATUS.cancelled })
        .where(eq(qrLogin.ticket, ticket));
      return ok(true, approve ? '已确认登录' : '已取消登录');
    },
  });

  const Redeem = Type.Object({
    tenantId: Type.Optional(Type.String({ maxLength: 12 })),
    extras: Type.String({ maxLength: 128, description: '`<ticket>.<key>`: 票据与登录页持有的 key' }),
    source: Type.Optional(Type.String({ maxLength: 32 })),
    scopes: Type.Optional(Type.String({ maxLength: 64 })),
  });
  app.post('/us-user/customLoginByZytQr', {
    schema: {
      tags: ['认证'],
      summary: '扫码登录: 登录页轮询; 手机确认后答复令牌 (一次), 之前答复 { qrStatus: 0 未扫码 | 1 已扫码 }',
      body: Redeem,
      response: { 200: Envelope(Type.Union([TokenBody, Type.Object({ qrStatus: Type.Integer() })])), 400: EmptyEnvelope, 401: EmptyEnvelope, 404: EmptyEnvelope },
    },
    config: { public: true, fieldMessages: { extras: { label: '二维码' } } },
    handler: async (req, reply) => {
      try {
        const oauth = await deps.clients.authenticate(req.headers.authorization);
        if (!oauth) throw new ApiError(401, AUTH_MESSAGES.badClient);
        const [ticket, key = ''] = (req.body as { extras: string }).extras.split('.');
        if (!/^[0-9a-f-]{36}$/.test(ticket)) throw badRequest(QR_MESSAGES.unknown, 'extras');
        const row = await live(ticket);
        const given = Buffer.from(sha256(key));
        if (!timingSafeEqual(given, Buffer.from(row.keyHash))) throw badRequest(QR_MESSAGES.unknown, 'extras');
        if (row.status !== QR_STATUS.confirmed) return ok({ qrStatus: row.status });
        // redeemed once: of two polls at the same moment one gets the session
        const [used] = await db
          .update(qrLogin)
          .set({ status: QR_STATUS.used })
          .where(and(eq(qrLogin.ticket, ticket), eq(qrLogin.status, QR_STATUS.confirmed), gt(qrLogin.expiresAt, new Date())))
          .returning({ userId: qrLogin.userId, tenantId: qrLogin.tenantId });
        if (!used?.userId) throw badRequest(QR_MESSAGES.expired, 'extras');
        return ok(await deps.logins.loginAs(oauth, used.tenantId, used.userId, originOf(req)));
      } catch (err) {
        // a refused grant as customLogin answers it; the rest (ApiError) goes to the error handler
        return asEnvelope(reply, err);
      }
    },
  });
}
