import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import type { AppContext } from '../../platform/context';
import { Envelope, ok } from '../../platform/envelope';
import type { CaptchaService } from '../../platform/captcha';

// What the login page reads before anyone signs in: the captcha picture and how the form should look.

export function loginPageRoutes(app: FastifyInstance, ctx: AppContext, captchas: CaptchaService): void {
  app.get('/us-auth/oauth/captcha', {
    schema: { tags: ['认证'], summary: '图形验证码 (单次有效, 3 分钟过期)', response: { 200: Type.Object({ key: Type.String(), image: Type.String() }) } },
    config: { public: true, rateLimit: { max: ctx.config.loginRateLimit * 2, timeWindow: '1 minute' } },
    handler: () => captchas.create(),
  });

  app.get('/us-auth/oauth/login-settings', {
    schema: {
      tags: ['认证'],
      summary: '登录页设置 (租户模式, 验证码, 第三方登录)',
      response: {
        200: Envelope(
          Type.Object({
            tenantMode: Type.Boolean(),
            captchaEnabled: Type.Boolean(),
            tokenTtl: Type.Integer(),
            defaultTenantId: Type.String(),
            socialSources: Type.Array(Type.String(), { description: 'third-party login providers (render/{source})' }),
          }),
        ),
      },
    },
    config: { public: true },
    handler: async () =>
      ok({
        tenantMode: ctx.config.tenantMode,
        captchaEnabled: ctx.config.captchaEnabled,
        tokenTtl: ctx.config.tokenTtl,
        defaultTenantId: DEFAULT_TENANT_ID,
        socialSources: Object.keys(ctx.config.socialProviders),
      }),
  });
}
