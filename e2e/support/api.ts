import { deflateSync } from 'node:zlib';
import { ADMIN } from './shell';

/**
 * Calls to the real server from a test (Node's fetch), for what a user does
 * elsewhere: an administrator approving a guest, reading the SMS outbox.
 */
const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;

export interface TokenBody {
  access_token?: string;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

export async function tokenFor(base: string, account: string, password: string, tenantId = ADMIN.tenantId, captcha?: { key: string; code: string }): Promise<TokenBody> {
  const query = new URLSearchParams({ tenantId, username: account, password, grant_type: 'password', scope: 'all' });
  const headers: Record<string, string> = { authorization: BASIC, 'tenant-id': tenantId };
  if (captcha) Object.assign(headers, { 'captcha-key': captcha.key, 'captcha-code': captcha.code });
  const res = await fetch(`${base}/us-auth/oauth/token?${query}`, { method: 'POST', headers });
  return (await res.json()) as TokenBody;
}

/** A signed-in caller: `call('GET', '/us-user/info')` returns the envelope. */
export async function signedIn(base: string, account = ADMIN.account, password = ADMIN.password, tenantId = ADMIN.tenantId, captcha?: { key: string; code: string }) {
  const token = await tokenFor(base, account, password, tenantId, captcha);
  if (!token.access_token) throw new Error(`login of ${account} failed: ${token.error_description}`);
  return async <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; success: boolean; data: T; msg: string }> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'saas-auth': `bearer ${token.access_token}`, 'tenant-id': tenantId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; success: boolean; data: T; msg: string };
  };
}

/** Approves every guest waiting in the administrator's tenant, as an administrator would from the user page. */
export async function approvePendingGuests(base: string, tenantId = ADMIN.tenantId, captcha?: { key: string; code: string }): Promise<void> {
  const admin = await signedIn(base, ADMIN.account, ADMIN.password, tenantId, captcha);
  const pending = await admin<{ records: { id: string }[] }>('GET', '/us-user/page?status=0&size=200');
  if (!pending.data.records.length) throw new Error('no guest is waiting for approval');
  const res = await admin('POST', `/us-user/audit-pass?userIds=${pending.data.records.map((u) => u.id).join(',')}`);
  if (!res.success) throw new Error(`audit-pass failed: ${res.msg}`);
}

/** The newest SMS the default provider recorded for a phone (an administrator reads the outbox). */
export async function latestSms(base: string, phone: string, tenantId = ADMIN.tenantId, captcha?: { key: string; code: string }): Promise<string> {
  const admin = await signedIn(base, ADMIN.account, ADMIN.password, tenantId, captcha);
  const res = await admin<{ records: { content: string }[] }>('GET', `/us-resource/sms/outbox?phone=${encodeURIComponent(phone)}`);
  const newest = res.data.records[0];
  if (!newest) throw new Error(`no SMS for ${phone}`);
  return newest.content;
}

/** A fresh captcha of a server with CAPTCHA_FIXED_CODE: the key, with the known answer. */
export async function fixedCaptcha(base: string, code: string, path = '/us-auth/oauth/captcha'): Promise<{ key: string; code: string }> {
  const res = await fetch(`${base}${path}`);
  const { key } = (await res.json()) as { key: string };
  return { key, code };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (an orange-to-blue gradient) the browser can show, padded after
 * its end to `minSize` bytes when asked (decoders ignore what follows IEND).
 */
export function pngBytes(minSize = 0, side = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < side; y++) {
    rows.push(0);
    for (let x = 0; x < side; x++) rows.push(255 - ((x * 3) % 256), 134, 66 + ((y * 3) % 190));
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return png.length >= minSize ? png : Buffer.concat([png, Buffer.alloc(minSize - png.length)]);
}

/** Unique names per run: the servers keep their data for the whole run. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Sets a menu's meta.keepAlive, as an administrator would in 菜单管理 (the 缓存 switch). */
export async function setMenuKeepAlive(base: string, code: string, keepAlive: boolean): Promise<void> {
  const admin = await signedIn(base);
  const list = await admin<{ records: ({ code: string } & Record<string, unknown>)[] }>('GET', `/us-system/menu/page?code=${encodeURIComponent(code)}&size=100`);
  const menu = list.data.records.find((m) => m.code === code);
  if (!menu) throw new Error(`no menu ${code}`);
  const res = await admin('POST', '/us-system/menu/submit', { ...menu, keepAlive: keepAlive ? 1 : 0 });
  if (!res.success) throw new Error(`menu/submit failed: ${res.msg}`);
}

/**
 * Marks every announcement of an account read, as its bell would once each is closed: a new
 * account of a scenario that is not about them is not met by the others' announcements.
 */
export async function readAnnouncements(base: string, account: string, password: string): Promise<void> {
  const api = await signedIn(base, account, password);
  const page = await api<{ records: { systemNotifyUserId: string; readStatus: number }[] }>('POST', '/us-system/system-notify/pageSystemNotify', { current: 1, size: 100 });
  for (const n of page.data.records.filter((r) => r.readStatus === 0))
    await api('POST', '/us-system/system-notify/updateSystemNotifyUser', { systemNotifyUserId: n.systemNotifyUserId, readStatus: 1 });
}
