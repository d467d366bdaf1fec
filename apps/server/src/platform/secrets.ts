import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { badRequest } from './envelope';

/**
 * Values the server must read back in clear (a datasource's password, to connect with it) are
 * stored encrypted: AES-256-GCM under a key derived (HKDF-SHA256) from SECRET_KEY, as
 * 'v1:' + base64url(iv | tag | ciphertext). Tampering with a stored value makes it unreadable.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'workbench', 'stored-secrets', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The clear value, or undefined when the stored value is not one this key sealed. */
  open(sealed: string): string | undefined {
    if (!sealed.startsWith('v1:')) return undefined;
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/**
 * A sealed key goes only where it was given for: an edit that sends the provider's address or
 * kind elsewhere must bring the key again (400 on `secretKey`), else whoever may edit the
 * record could point it at their own host and receive the key with the next call.
 */
export function secretFollowsAddress(values: Record<string, unknown>, existing: Record<string, unknown> | undefined, address: string[]): void {
  if (!existing || values.secretKey !== undefined || !existing.secretKey) return;
  if (address.some((k) => values[k] !== undefined && String(values[k]) !== String(existing[k] ?? ''))) throw badRequest('更换服务地址或分类时, 请重新输入 secretKey', 'secretKey');
}
