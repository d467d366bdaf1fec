import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { GrantError } from './login-service';
import type { SocialLogin } from './social';

// Starts a third-party login: the browser is sent to the provider, which comes back with the code the social grant redeems.

export function socialRoutes(app: FastifyInstance, social: SocialLogin): void {
  app.get('/us-auth/oauth/render/:source', {
    schema: {
      tags: ['认证'],
      summary: '跳转到第三方登录 (302)',
      params: Type.Object({ source: Type.String({ pattern: '^[\\w-]{1,32}$' }) }),
      querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 12 })) }),
    },
    config: { public: true },
    handler: async (req, reply) => {
      const { source } = req.params as { source: string };
      try {
        return reply.redirect(social.authorizeUrl(source, (req.query as { tenantId?: string }).tenantId || DEFAULT_TENANT_ID));
      } catch (err) {
        if (err instanceof GrantError) return reply.status(400).send({ code: 400, success: false, data: { field: 'source' }, msg: err.message });
        throw err;
      }
    },
  });
}
