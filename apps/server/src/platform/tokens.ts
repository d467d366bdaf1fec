import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/** Claims of an access token; `sid` ties it to a revocable session. */
export interface AccessClaims {
  sid: string;
  tenant_id: string;
  user_id: string;
  account: string;
  role_id: string;
  dept_id: string;
  client_id: string;
}

export type VerifiedClaims = AccessClaims & { exp: number; iat: number; jti: string };

/**
 * HS256 access tokens. fast-jwt signs and verifies synchronously with Node's
 * crypto and remembers verified tokens (never past their expiry), so the check
 * every request makes costs microseconds (jose's WebCrypto path cost ~100 µs).
 */
export class TokenService {
  private readonly key: string;
  private readonly verifier: (token: string) => VerifiedClaims;
  constructor(secret: string) {
    this.key = secret;
    // a token without exp would never expire: fast-jwt only checks exp when it is there, so it must be required
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000, cacheTTL: 600_000, requiredClaims: ['exp', 'sid', 'user_id', 'tenant_id'] });
  }

  sign(claims: AccessClaims, ttlSeconds: number, jti: string): string {
    const iat = Math.floor(Date.now() / 1000);
    return createSigner({ key: this.key, algorithm: 'HS256', noTimestamp: true })({ ...claims, iat, exp: iat + ttlSeconds, jti });
  }

  /** Returns the claims, or null when the token is malformed, forged or expired. */
  verify(token: string): VerifiedClaims | null {
    try {
      const claims = this.verifier(token);
      // fast-jwt checks exp only when it is a number; any other shape is refused here rather than trusted
      if (typeof claims.exp !== 'number' || typeof claims.sid !== 'string' || typeof claims.user_id !== 'string') return null;
      return claims;
    } catch {
      return null;
    }
  }
}

/** Opaque refresh tokens: 256 random bits, only their SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/**
 * Seals `plain` so that only the holder of `refresh` can open it: AES-256-GCM under a key
 * derived (HKDF) from the refresh token itself. The database keeps only SHA-256(refresh), from
 * which this key cannot be derived, so what it stores reveals nothing without the token.
 */
export function sealWith(refresh: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(refresh), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Opens what sealWith sealed with the same refresh token; null when it does not open. */
export function openWith(refresh: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', sealKey(refresh), iv, { authTagLength: 16 });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const sealKey = (refresh: string) => Buffer.from(hkdfSync('sha256', refresh, '', 'wb refresh-token reissue', 32));
