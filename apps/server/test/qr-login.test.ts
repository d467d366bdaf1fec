import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_MESSAGES, QR_STATUS } from '@wb/contracts/auth';
import { eq } from 'drizzle-orm';
import { qrLogin } from '../src/db/schema/index';
import { as, BASIC, testApp, type TestApp } from './helper';

let t: TestApp;
let phone: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await testApp();
  phone = await as(t.app, 'user');
});
afterAll(() => t.close());

const DESKTOP = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Desktop', authorization: BASIC };

async function ticket(tenantId = '000000') {
  const res = await t.app.inject({ method: 'POST', url: '/us-user/qr/ticket', headers: DESKTOP, payload: { tenantId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { ticket: string; key: string; expiresIn: number };
}
const poll = (extras: string) =>
  t.app.inject({ method: 'POST', url: '/us-user/customLoginByZytQr', headers: DESKTOP, payload: { tenantId: '000000', extras, source: 'zyt', scopes: 'all' } });
const phoneCall = (who: typeof phone, url: string, payload: object) => who.call({ method: 'POST', url, payload });

describe('QR login', () => {
  it('logs the desktop in as the phone’s user once the phone confirms, once', async () => {
    const { ticket: id, key, expiresIn } = await ticket();
    expect(expiresIn).toBe(120);
    expect((await poll(`${id}.${key}`)).json().data).toEqual({ qrStatus: QR_STATUS.waiting });

    const scanned = await phoneCall(phone, '/us-user/qr/scan', { ticket: id });
    expect(scanned.json().data).toMatchObject({ userAgent: DESKTOP['user-agent'], ip: '127.0.0.1' });
    expect((await poll(`${id}.${key}`)).json().data).toEqual({ qrStatus: QR_STATUS.scanned });
    // the ticket alone (what the code shows) redeems nothing
    expect((await poll(`${id}.wrong-key`)).json()).toMatchObject({ success: false, msg: QR_MESSAGES.unknown });

    expect((await phoneCall(phone, '/us-user/qr/confirm', { ticket: id, approve: true })).json().msg).toBe('已确认登录');
    const res = await poll(`${id}.${key}`);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data;
    expect(token).toMatchObject({ account: 'user', tenant_id: '000000' });
    const info = await t.app.inject({ method: 'GET', url: '/us-user/info', headers: { 'saas-auth': `bearer ${token.access_token}` } });
    expect(info.json().data.account).toBe('user');

    // used: the same key gets nothing again
    const again = await poll(`${id}.${key}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(QR_MESSAGES.expired);
  });

  it('tells the page when the phone cancelled, refuses another tenant’s phone and an expired code', async () => {
    const cancelled = await ticket();
    await phoneCall(phone, '/us-user/qr/confirm', { ticket: cancelled.ticket, approve: false });
    expect((await poll(`${cancelled.ticket}.${cancelled.key}`)).json()).toMatchObject({ success: false, msg: QR_MESSAGES.cancelled });

    const other = await as(t.app, 'admin', '100001');
    const mine = await ticket();
    const refused = await phoneCall(other, '/us-user/qr/confirm', { ticket: mine.ticket, approve: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(QR_MESSAGES.otherTenant);

    await t.ctx.database.db
      .update(qrLogin)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(qrLogin.ticket, mine.ticket));
    expect((await phoneCall(phone, '/us-user/qr/scan', { ticket: mine.ticket })).json().msg).toBe(QR_MESSAGES.expired);
    expect((await poll(`${mine.ticket}.${mine.key}`)).json().msg).toBe(QR_MESSAGES.expired);

    const bad = await poll('not-a-ticket');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'extras' });
  });
});

describe('my sessions', () => {
  it('lists the live sessions with their browser, and signs one out by its uuid, the caller’s own only', async () => {
    const first = await as(t.app, 'user');
    const second = await as(t.app, 'user');
    const list = (await first.call({ method: 'GET', url: '/us-auth/oauth/sessions' })).json().data as { uuid: string; current: boolean; ip: string }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0].ip).toBe('127.0.0.1');
    const current = list.find((s) => s.current)!.uuid;
    const others = list.filter((s) => !s.current).map((s) => s.uuid);

    // another user cannot end it
    const admin = await as(t.app);
    expect((await admin.call({ method: 'GET', url: '/us-auth/oauth/logoutByUuid', query: { uuid: current } })).statusCode).toBe(404);

    // the second session signs the first out; the first's token stops working at once
    const res = await second.call({ method: 'GET', url: '/us-auth/oauth/logoutByUuid', query: { uuid: current } });
    expect(res.json()).toMatchObject({ success: true, msg: '操作成功!' });
    expect((await first.call({ method: 'GET', url: '/us-user/info' })).statusCode).toBe(401);
    const left = (await second.call({ method: 'GET', url: '/us-auth/oauth/sessions' })).json().data as { uuid: string }[];
    expect(left.map((s) => s.uuid)).not.toContain(current);
    expect(left.map((s) => s.uuid)).toEqual(expect.arrayContaining(others));
    expect((await second.call({ method: 'GET', url: '/us-auth/oauth/logoutByUuid', query: { uuid: 'x' } })).statusCode).toBe(400);
  });
});
