import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { clientResource } from '@wb/contracts/resources/access';
import { client } from '../../db/schema/index';
import { announces } from '../../platform/changes';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, notFound } from '../../platform/envelope';
import { hashPassword } from '../../platform/passwords';

/** A new client secret: 32 random bytes, URL-safe. Only its hash is stored. */
export const newClientSecret = () => randomBytes(32).toString('base64url');

/** The grant types a client may be authorised for (modules/auth/grant.ts serves the first four). */
export const GRANT_TYPES = ['password', 'refresh_token', 'captcha', 'social', 'authorization_code', 'client_credentials'];

const SECRET = clientResource.revealOnce!.field;

/**
 * OAuth clients: the secret is typed by the administrator (at least 16 characters) or made by the
 * server, stored as an argon2 hash, and a made one answered in clear once, when the client is
 * added and when it is reset. A reset, an edit or a removal applies to the
 * next token request on every instance (ClientAuth compares the stored hash each time).
 */
export function clientOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      ...announces(ctx.changes, 'clients'),
      async beforeSubmit({ answer }, values, existing) {
        if (values.authorizedGrantTypes !== undefined) {
          const types = String(values.authorizedGrantTypes)
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean);
          const unknown = types.filter((t) => !GRANT_TYPES.includes(t));
          if (!types.length || unknown.length) throw badRequest(`授权类型不正确: ${unknown.join(',') || '(空)'}; 可选 ${GRANT_TYPES.join(', ')}`, 'authorizedGrantTypes');
          values.authorizedGrantTypes = types.join(',');
        }
        // a secret typed in the form is kept (wire.ts hashed it); none typed, the server makes one and shows it once
        if (!existing && values.clientSecret === undefined) {
          const secret = newClientSecret();
          values.clientSecret = await hashPassword(secret);
          answer[SECRET] = secret;
        }
      },
    },
    actions: {
      'reset-secret': async ({ keys, scope, store }) => {
        const secret = newClientSecret();
        const rows = await ctx.database.db
          .update(client)
          .set({ clientSecret: await hashPassword(secret), updateTime: new Date() })
          .where(store.where(scope, inArray(client.id, keys.map(Number))))
          .returning({ id: client.id });
        if (!rows.length) throw notFound('应用不存在');
        await ctx.changes.publish(ctx.database.db, 'clients');
        return { data: { [SECRET]: secret } };
      },
    },
  };
}
