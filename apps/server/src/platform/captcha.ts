import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client';
import { captcha } from '../db/schema/index';

const TTL_MS = 3 * 60_000;

/** Captchas live in the database so any server instance can check them; each is good for one try. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly fixedCode?: string,
  ) {}

  async create(): Promise<{ key: string; image: string }> {
    const made = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f6fa' });
    const text = this.fixedCode ?? made.text;
    const key = randomUUID();
    // expired, never-used captchas are swept here instead of by a timer
    await this.db.delete(captcha).where(lt(captcha.expiresAt, new Date()));
    await this.db.insert(captcha).values({ key, code: text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) });
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
  }

  /** True when the code matches an unexpired captcha; the captcha is used up either way. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const [row] = await this.db
      .delete(captcha)
      .where(eq(captcha.key, key.slice(0, 36)))
      .returning();
    return !!row && row.expiresAt.getTime() > Date.now() && row.code === code.trim().toLowerCase();
  }
}
