import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { CaptchaService } from '../../platform/captcha';
import { loginLimits } from '../../platform/login-limits';
import { ClientAuth } from './client-auth';
import { grantFor } from './grant';
import { loginPageRoutes } from './login-page-routes';
import { onlineUserRoutes } from './online-users';
import { LoginService } from './login-service';
import { qrLoginRoutes } from './qr-login';
import { sessionRoutes } from './session-routes';
import { SocialLogin } from './social';
import { socialRoutes } from './social-routes';
import { tokenRoutes } from './token-routes';

export { UserInfo } from './session-routes';

/**
 * The login services, for the shell's own client only (see docs/security.md):
 * builds the services once and registers each concern's routes with them.
 */
export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const captchas = new CaptchaService(db, ctx.config.captchaFixedCode);
    const logins = new LoginService(db, ctx.tokens, ctx.sessions, ctx.config);
    const social = new SocialLogin(db, ctx.config);
    const clients = new ClientAuth(db);
    // every login route (token, customLogin, the QR ticket) counts against the same allowances
    const limits = loginLimits(app, () => ctx.config.loginRateLimit);
    const grant = grantFor({ config: ctx.config, captchas, limits, clients, logins, social });

    tokenRoutes(app, ctx, grant, limits);
    loginPageRoutes(app, ctx, captchas);
    socialRoutes(app, social);
    sessionRoutes(app, ctx, logins);
    onlineUserRoutes(app, ctx, logins);
    qrLoginRoutes(app, ctx, { clients, logins, limits });
  };
}
