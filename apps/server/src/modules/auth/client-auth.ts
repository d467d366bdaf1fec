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
 * Checks `Authorization: Basic base64(id:secret)` against the client table.
 * A verified pair is remembered for a few minutes so logins do not pay argon2 twice.
 */
export class ClientAuth {
  private readonly verified = new Map<string, { client: OAuthClient; at: number }>();
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
    const memo = sha256(decoded);
    const hit = this.verified.get(memo);
    if (hit && Date.now() - hit.at < ClientAuth.TTL_MS) return hit.client;
    const [row] = await this.db
      .select()
      .from(client)
      .where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1)))
      .limit(1);
    if (!row || !(await verifyPassword(row.clientSecret, secret))) return null;
    const found: OAuthClient = {
      clientId: row.clientId,
      grantTypes: row.authorizedGrantTypes.split(',').map((s) => s.trim()),
      accessTokenValidity: row.accessTokenValidity,
      refreshTokenValidity: row.refreshTokenValidity,
    };
    this.verified.set(memo, { client: found, at: Date.now() });
    return found;
  }
}
