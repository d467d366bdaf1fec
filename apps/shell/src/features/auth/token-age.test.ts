import { describe, expect, it } from 'vitest';
import { tokenNeedsCheck } from './token-age';

describe('token age check', () => {
  const now = 1_000_000_000;
  it('checks once the token is older than expires_in', () => {
    expect(tokenNeedsCheck({ now, tokenTime: now - 3600_000, expiresIn: 3600, refreshing: false })).toBe(true);
    expect(tokenNeedsCheck({ now, tokenTime: now - 3599_000, expiresIn: 3600, refreshing: false })).toBe(false);
  });
  it('falls back to the 28800 s lifetime', () => {
    expect(tokenNeedsCheck({ now, tokenTime: now - 28_799_000, expiresIn: undefined, refreshing: false })).toBe(false);
    expect(tokenNeedsCheck({ now, tokenTime: now - 28_800_000, expiresIn: 0, refreshing: false })).toBe(true);
  });
  it('does nothing while a refresh runs or without a stored time', () => {
    expect(tokenNeedsCheck({ now, tokenTime: 0, expiresIn: 1, refreshing: true })).toBe(false);
    expect(tokenNeedsCheck({ now, tokenTime: undefined, expiresIn: 1, refreshing: false })).toBe(false);
  });
});
