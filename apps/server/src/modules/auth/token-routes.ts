import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import { EmptyEnvelope, Envelope, ok } from '../../platform/envelope';
import type { LoginLimits } from '../../platform/login-limits';
import { type Grant, TokenFields, TokenParams } from './grant';
import { GrantError } from './login-service';

// The three ways to ask for a token (OAuth2 form body or query string, JSON login, JSON refresh), each answering refusals its own way.

// a refused grant is OAuth JSON; a request that fails its schema gets the envelope like every other call
const OAuthError = Type.Union([
  Type.Object({ error: Type.String(), error_description: Type.String(), oauth_id: Type.Optional(Type.String()) }),
  EmptyEnvelope,
  Envelope(Type.Object({ field: Type.String() })),
]);
/** A token form holds a few short fields. */
const TOKEN_FORM_LIMIT_BYTES = 16 * 1024;
const TokenBody = Type.Object({}, { additionalProperties: true, description: 'raw OAuth2 token JSON (TokenResponse)' });

/** A refused grant as OAuth2 error JSON. */
const asOAuth = (reply: FastifyReply, err: unknown) => {
  if (err instanceof GrantError) return reply.status(err.status).send({ error: err.error, error_description: err.message, ...err.extra });
  throw err;
};

/** A refused grant as the envelope the JSON endpoints answer with. */
export const asEnvelope = (reply: FastifyReply, err: unknown) => {
  if (err instanceof GrantError) return reply.status(err.status).send({ code: err.status, success: false, data: null, msg: err.message });
  throw err;
};

/** `limits`: the token call and customLogin share one allowance per client address (the grant counts each account's). */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext, grant: Grant, limits: LoginLimits): void {
  const loginLimit = { max: ctx.config.loginRateLimit, timeWindow: '1 minute' };

  // the OAuth2 standard form: the one public route that takes a form body (input-types.ts, familyParameters)
  app.post('/us-auth/oauth/token', {
    schema: {
      tags: ['认证'],
      summary: '登录与刷新令牌 (OAuth2 password / refresh_token)',
      description:
        'Parameters in an `application/x-www-form-urlencoded` body (OAuth2; a JSON body works too), or in the query string for older clients; a field in both: the body wins. ' +
        'The query string form puts the password in the URL, where proxies may log it: prefer the body. ' +
        '`Authorization: Basic base64(clientId:secret)`; `Captcha-Key`/`Captcha-Code` headers when captcha is on.',
      querystring: TokenFields,
      body: TokenFields,
      response: { 200: TokenBody, 400: OAuthError, 401: OAuthError },
    },
    config: { public: true, formBody: true },
    bodyLimit: TOKEN_FORM_LIMIT_BYTES,
    onRequest: limits.perAddress,
    // a call with everything in the query string has no body; its schema then checks an empty one
    preValidation: async (req) => {
      req.body ??= {};
    },
    handler: async (req, reply) => {
      const p: TokenFields = { ...(req.query as TokenFields), ...(req.body as TokenFields | undefined) };
      try {
        return await grant(req, p);
      } catch (err) {
        return asOAuth(reply, err);
      }
    },
  });

  app.post('/us-user/customLogin', {
    schema: { tags: ['认证'], summary: '登录 (JSON body, 同 oauth/token)', body: TokenParams, response: { 200: Envelope(TokenBody), 400: EmptyEnvelope, 401: EmptyEnvelope } },
    config: { public: true },
    onRequest: limits.perAddress,
    handler: async (req, reply) => {
      try {
        return ok(await grant(req, req.body as TokenParams));
      } catch (err) {
        return asEnvelope(reply, err);
      }
    },
  });

  app.post('/us-user/customRefreshToken', {
    schema: {
      tags: ['认证'],
      summary: '刷新令牌',
      body: Type.Object({
        tenantId: Type.Optional(Type.String({ maxLength: 12 })),
        refresh_token: Type.String({ minLength: 1, maxLength: 256 }),
        grant_type: Type.Optional(Type.String()),
        scopes: Type.Optional(Type.String()),
      }),
      response: { 200: Envelope(TokenBody), 400: EmptyEnvelope, 401: EmptyEnvelope },
    },
    config: { public: true, rateLimit: loginLimit },
    handler: async (req, reply) => {
      try {
        return ok(await grant(req, { ...(req.body as TokenParams), grant_type: 'refresh_token' }));
      } catch (err) {
        return asEnvelope(reply, err);
      }
    },
  });

  // the family's other refresh call: the refresh token as `refresh`, in the body or the query string
  const Refresh = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 256 }), tenantId: Type.Optional(Type.String({ maxLength: 12 })) });
  app.post('/us-auth/oauth/token/refresh', {
    schema: {
      tags: ['认证'],
      summary: '刷新令牌 (refresh: 刷新令牌; 同 customRefreshToken)',
      body: Type.Optional(Type.Partial(Refresh)),
      querystring: Type.Partial(Refresh),
      response: { 200: Envelope(TokenBody), 400: EmptyEnvelope, 401: EmptyEnvelope },
    },
    config: { public: true, rateLimit: loginLimit, fieldMessages: { refresh: { label: '刷新令牌' } } },
    handler: async (req, reply) => {
      const p = { ...(req.query as Partial<typeof Refresh.static>), ...(req.body as Partial<typeof Refresh.static> | undefined) };
      try {
        return ok(await grant(req, { refresh_token: p.refresh, tenantId: p.tenantId, grant_type: 'refresh_token' }));
      } catch (err) {
        return asEnvelope(reply, err);
      }
    },
  });
}
