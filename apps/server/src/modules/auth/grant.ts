import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, CAPTCHA_REQUIRED, type TokenResponse } from '@wb/contracts/auth';
import { TENANT_HEADER } from '@wb/contracts/constants';
import { namedTenant } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { CaptchaService } from '../../platform/captcha';
import { sourceOf, type LoginLimits } from '../../platform/login-limits';
import type { ClientAuth, OAuthClient } from './client-auth';
import { GrantError, type LoginService, type SessionOrigin } from './login-service';
import type { SocialLogin } from './social';

// One grant serves /oauth/token, /customLogin and /customRefreshToken, so the client check and grant rules exist once.

export const TokenParams = Type.Object({
  tenantId: Type.Optional(Type.String({ maxLength: 12 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  grant_type: Type.Union([Type.Literal('password'), Type.Literal('captcha'), Type.Literal('refresh_token'), Type.Literal('social')], {
    description: 'password | captcha | refresh_token | social',
  }),
  refresh_token: Type.Optional(Type.String({ maxLength: 256 })),
  source: Type.Optional(Type.String({ maxLength: 32, description: 'social: the provider' })),
  code: Type.Optional(Type.String({ maxLength: 512, description: 'social: the authorization code' })),
  state: Type.Optional(Type.String({ maxLength: 2000, description: 'social: the state from render' })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 1000 })),
  scope: Type.Optional(Type.String({ maxLength: 64 })),
  scopes: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
});
export type TokenParams = typeof TokenParams.static;

/** The token call's fields as they arrive: /oauth/token takes them from the body or the query string, where any may be missing. */
export const TokenFields = Type.Partial(TokenParams);
export type TokenFields = typeof TokenFields.static;

/** Checks the client, then runs the requested grant; a refusal is a GrantError. */
export type Grant = (req: FastifyRequest, p: TokenFields) => Promise<TokenResponse>;

export interface GrantDeps {
  config: Pick<Config, 'captchaEnabled'>;
  captchas: CaptchaService;
  limits: Pick<LoginLimits, 'overAccount'>;
  clients: ClientAuth;
  logins: LoginService;
  social: SocialLogin;
}

/** The request's address and browser, for the session it starts. */
export const originOf = (req: FastifyRequest): SessionOrigin => ({ ip: sourceOf(req), userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255) });

/** A non-empty request header, or undefined. */
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' && v ? v : undefined;
};

export function grantFor(d: GrantDeps): Grant {
  return async (req, p) => {
    const oauth = await d.clients.authenticate(req.headers.authorization);
    if (!oauth) throw new GrantError(401, 'invalid_client', AUTH_MESSAGES.badClient);
    if (!p.grant_type) throw new GrantError(400, 'invalid_request', '缺少必填参数 grant_type');
    if (!oauth.grantTypes.includes(p.grant_type)) throw new GrantError(400, 'unauthorized_client', `客户端不支持 ${p.grant_type} 授权`);
    if (p.grant_type === 'social') return socialGrant(d, oauth, p, originOf(req));
    const choice = { deptId: header(req, 'Dept-Id'), roleId: header(req, 'Role-Id') };
    if (p.grant_type === 'refresh_token') {
      if (!p.refresh_token) throw new GrantError(400, 'invalid_request', '缺少必填参数 refresh_token');
      // every tenant the request names (parameter and header) must be the session's
      const tenants = [p.tenantId, header(req, TENANT_HEADER)].filter((t): t is string => !!t);
      return d.logins.refreshGrant(oauth, p.refresh_token, tenants, choice);
    }
    if (!p.username) throw new GrantError(400, 'invalid_request', '缺少必填参数 username');
    if (!p.password) throw new GrantError(400, 'invalid_request', '缺少必填参数 password');
    const tenantId = namedTenant(req, p.tenantId);
    const captchaPassed = () => d.captchas.check(header(req, 'Captcha-Key'), header(req, 'Captcha-Code'));
    // grant_type=captcha follows the captcha setting like the password grant (the family's clients send it either way)
    if (d.config.captchaEnabled) {
      if (!(await captchaPassed())) throw new GrantError(400, 'invalid_grant', AUTH_MESSAGES.badCaptcha);
    } else if ((await d.limits.overAccount(req, tenantId, p.username)) && !(await captchaPassed())) {
      // an account past its allowance asks for the captcha, even with the right password (login-limits.ts)
      throw new GrantError(400, CAPTCHA_REQUIRED, header(req, 'Captcha-Code') ? AUTH_MESSAGES.badCaptcha : AUTH_MESSAGES.captchaRequired);
    }
    return d.logins.passwordGrant(oauth, tenantId, p.username, p.password, choice, originOf(req));
  };
}

/** grant_type=social: the provider's code names an identity; a bound identity logs its user in. */
async function socialGrant(d: GrantDeps, oauth: OAuthClient, p: TokenFields, origin: SessionOrigin): Promise<TokenResponse> {
  if (!p.source || !p.code || !p.state) throw new GrantError(400, 'invalid_request', '缺少必填参数 source, code 或 state');
  const { tenantId, identity } = await d.social.identify(p.source, p.code, p.state);
  const bound = await d.social.bind(tenantId, p.source, identity);
  // an identity nobody has claimed yet: the shell opens the register dialog with oauth_id
  if (!bound.userId) throw new GrantError(400, 'unbound_account', '第三方账号尚未绑定, 请先注册', { oauth_id: bound.oauthId });
  return d.logins.loginAs(oauth, tenantId, bound.userId, origin);
}
