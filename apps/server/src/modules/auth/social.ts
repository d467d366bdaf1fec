import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userOauth } from '../../db/schema/index';
import type { Config, SocialProvider } from '../../platform/config';
import { tenantScope, visible } from '../../platform/scope';
import { TokenService } from '../../platform/tokens';
import { GrantError } from './login-service';

export interface SocialIdentity {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
}

const STATE_TTL_SECONDS = 600;

/**
 * Login through a configured third-party identity provider (authorization-code
 * grant). `state` is signed by us, so a callback we did not start is refused.
 */
export class SocialLogin {
  private readonly states: TokenService;
  constructor(
    private readonly db: Db,
    /** read at each call, so configuration changes apply without a restart */
    private readonly config: Pick<Config, 'socialProviders' | 'jwtSecret'>,
  ) {
    this.states = new TokenService(`${config.jwtSecret}:social-state`);
  }

  provider(source: string): SocialProvider {
    const providers = this.config.socialProviders;
    const p = Object.hasOwn(providers, source) ? providers[source] : undefined;
    if (!p) throw new GrantError(400, 'invalid_request', `未配置第三方登录: ${source}`);
    return p;
  }

  /** The provider's authorization address the browser is sent to. */
  authorizeUrl(source: string, tenantId: string): string {
    const p = this.provider(source);
    const state = this.states.sign({ sid: 'state', tenant_id: tenantId, user_id: '', account: '', role_id: '', dept_id: '', client_id: source }, STATE_TTL_SECONDS, source);
    const url = new URL(p.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', p.clientId);
    url.searchParams.set('redirect_uri', p.redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** Exchanges the code for the provider's user; returns the tenant the login started in. */
  async identify(source: string, code: string, state: string): Promise<{ tenantId: string; identity: SocialIdentity }> {
    const p = this.provider(source);
    const claims = this.states.verify(state);
    if (!claims || claims.client_id !== source) throw new GrantError(400, 'invalid_grant', '第三方登录状态无效或已过期');
    const tokenRes = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: p.redirectUri, client_id: p.clientId, client_secret: p.clientSecret }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    const token = tokenRes?.ok ? ((await tokenRes.json()) as { access_token?: string }) : null;
    if (!token?.access_token) throw new GrantError(400, 'invalid_grant', '第三方授权码无效');
    const infoRes = await fetch(p.userInfoUrl, { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) }).catch(
      () => null,
    );
    const info = infoRes?.ok ? ((await infoRes.json()) as Record<string, unknown>) : null;
    const uuid = info && (info.id ?? info.sub);
    if (!uuid) throw new GrantError(400, 'invalid_grant', '获取第三方用户信息失败');
    const str = (...keys: string[]) => String(keys.map((k) => info[k]).find((v) => typeof v === 'string' && v) ?? '');
    return {
      tenantId: claims.tenant_id,
      identity: { uuid: String(uuid), username: str('login', 'username', 'preferred_username'), nickname: str('name', 'nickname'), avatar: str('avatar_url', 'picture', 'avatar') },
    };
  }

  /** The bound user, or the id of the (new or waiting) binding the register dialog completes. */
  async bind(tenantId: string, source: string, identity: SocialIdentity): Promise<{ userId: number | null; oauthId: string }> {
    await this.db
      .insert(userOauth)
      .values({ tenantId, source, ...identity })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(userOauth)
      .where(visible(userOauth, tenantScope(tenantId), eq(userOauth.source, source), eq(userOauth.uuid, identity.uuid)))
      .limit(1);
    return { userId: row.userId, oauthId: String(row.id) };
  }
}
