import { ACCESS_TOKEN_TTL_SECONDS } from '@wb/contracts/constants';

/**
 * The 60 s token check only asks the server when the stored token has
 * outlived its lifetime (expires_in from the token, else 28800 s) and no refresh
 * is already running.
 */
export function tokenNeedsCheck(input: { now: number; tokenTime: number | undefined; expiresIn: number | undefined; refreshing: boolean }): boolean {
  if (input.tokenTime === undefined || input.refreshing) return false;
  const lifetimeMs = (input.expiresIn && input.expiresIn > 0 ? input.expiresIn : ACCESS_TOKEN_TTL_SECONDS) * 1000;
  return input.now - input.tokenTime >= lifetimeMs;
}
