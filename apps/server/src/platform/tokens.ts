import { createHash, randomBytes } from 'node:crypto';
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
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000, cacheTTL: 600_000 });
  }

  sign(claims: AccessClaims, ttlSeconds: number, jti: string): string {
    const iat = Math.floor(Date.now() / 1000);
    return createSigner({ key: this.key, algorithm: 'HS256', noTimestamp: true })({ ...claims, iat, exp: iat + ttlSeconds, jti });
  }

  /** Returns the claims, or null when the token is malformed, forged or expired. */
  verify(token: string): VerifiedClaims | null {
    try {
      return this.verifier(token);
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
