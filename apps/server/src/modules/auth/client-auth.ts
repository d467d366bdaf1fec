import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { client } from '../../db/schema/index';
import { verifyPassword } from '../../platform/passwords';
import { sha256 } from '../../platform/tokens';

export interface OAuthClient {
  clientId: string;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/**
 * Checks `Authorization: Basic base64(id:secret)` against the client table. The client's row is
 * read on every call (one indexed lookup): a reset secret, a changed grant type or a removed client
 * applies to the next request on every instance. Only the argon2 check is remembered, per pair and
 * stored hash, so a login does not pay it twice while the secret stays the same.
 */
export class ClientAuth {
  private readonly verified = new Map<string, { hash: string; at: number }>();
  private static readonly TTL_MS = 5 * 60_000;
  constructor(private readonly db: Db) {}

  async authenticate(header: string | undefined): Promise<OAuthClient | null> {
    const m = /^basic\s+(.+)$/i.exec(header ?? '');
    if (!m) return null;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i <= 0) return null;
    const id = decoded.slice(0, i);
    const secret = decoded.slice(i + 1);
    const [row] = await this.db
      .select()
      .from(client)
      .where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1)))
      .limit(1);
    if (!row) return null;
    const memo = sha256(decoded);
    const hit = this.verified.get(memo);
    const known = hit && hit.hash === row.clientSecret && Date.now() - hit.at < ClientAuth.TTL_MS;
    if (!known) {
      if (!(await verifyPassword(row.clientSecret, secret))) return null;
      if (this.verified.size > 1000) this.verified.clear();
      this.verified.set(memo, { hash: row.clientSecret, at: Date.now() });
    }
    return {
      clientId: row.clientId,
      grantTypes: row.authorizedGrantTypes.split(',').map((s) => s.trim()),
      accessTokenValidity: row.accessTokenValidity,
      refreshTokenValidity: row.refreshTokenValidity,
    };
  }
}
