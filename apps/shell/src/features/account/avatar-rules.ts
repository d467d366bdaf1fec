import { AVATAR_LIMIT_BYTES, AVATAR_MESSAGES, AVATAR_TYPES } from '@wb/contracts/validation';

/**
 * Checked before the upload (jpg or png, at most 500 kb), so a wrong
 * file never leaves the browser; the server checks the bytes again.
 */
export function avatarFileError(file: { type: string; size: number; name: string }): string | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  const byType = (AVATAR_TYPES as readonly string[]).includes(file.type);
  if (!byType || !byName) return AVATAR_MESSAGES.type;
  if (file.size > AVATAR_LIMIT_BYTES) return AVATAR_MESSAGES.size;
  return null;
}
