import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims, ttlSeconds: number, jti: string): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setJti(jti)
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null when the token is malformed, forged or expired. */
  async verify(token: string): Promise<(AccessClaims & { exp: number; iat: number; jti: string }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload as unknown as AccessClaims & { exp: number; iat: number; jti: string };
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
