import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

type Caller = Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Caller;
let plain: Caller;
let adminB: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  plain = await as(t.app, 'user');
  adminB = await as(t.app, 'admin', '100001');
});
afterAll(() => t.close());

const json = async (who: Caller, method: 'GET' | 'POST', url: string, options: { query?: Record<string, string>; payload?: object } = {}) => {
  const res = await who.call({ method, url, ...options });
  return { status: res.statusCode, body: res.json() as Answer };
};
const online = (who: Caller, query: Record<string, string> = {}) => json(who, 'GET', '/us-auth/online-user/list', { query: { current: '1', size: '50', ...query } });
const kick = (who: Caller, uuid: string) => json(who, 'POST', '/us-auth/online-user/logout', { query: { uuid } });

/** 在线用户: an administrator sees the tenant's live sessions and ends another user's (issue 31). */
describe('online users', () => {
  it('lists the tenant’s live sessions, with who and from where; the caller’s own is marked', async () => {
    const page = (await online(admin)).body.data;
    const accounts = page.records.map((r: { account: string }) => r.account);
    expect(accounts).toContain('user');
    expect(accounts).toContain('admin');
    const mine = page.records.filter((r: { current: boolean }) => r.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ account: 'admin', realName: '管理员' });
    expect(mine[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await online(admin, { account: '运营' })).body.data.records.every((r: { account: string }) => r.account === 'user')).toBe(true);
    // another tenant's sessions are not listed
    expect((await online(adminB)).body.data.records.map((r: { account: string }) => r.account)).not.toContain('user');
  });

  it('is for the holders of its menu and button: the plain user is refused both', async () => {
    expect((await online(plain)).status).toBe(403);
    const theirs = (await online(admin, { account: 'user' })).body.data.records[0].uuid;
    const refused = await kick(plain, theirs);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('onlineUser_logout');
  });

  it('ends another user’s session at once: their next request is a 401; another tenant’s session is not found', async () => {
    const victim = await as(t.app, 'user');
    expect((await json(victim, 'GET', '/us-user/info')).status).toBe(200);
    const sessions = (await online(admin, { account: 'user' })).body.data.records as { uuid: string; createTime: string }[];
    // the newest is the victim's (newest first)
    const uuid = sessions[0].uuid;

    const otherTenant = await kick(adminB, uuid);
    expect(otherTenant.status).toBe(404);
    expect((await json(victim, 'GET', '/us-user/info')).status).toBe(200);

    const done = await kick(admin, uuid);
    expect(done).toMatchObject({ status: 200, body: { success: true, msg: '已强制下线' } });
    expect((await json(victim, 'GET', '/us-user/info')).status).toBe(401);
    expect((await online(admin)).body.data.records.map((r: { uuid: string }) => r.uuid)).not.toContain(uuid);
    // once ended it is gone; the caller's own ends with 退出登录; a bad id names the field
    expect((await kick(admin, uuid)).status).toBe(404);
    const own = (await online(admin)).body.data.records.find((r: { current: boolean }) => r.current).uuid;
    expect((await kick(admin, own)).body).toMatchObject({ code: 400, data: { field: 'uuid' } });
    expect((await kick(admin, 'not-a-uuid')).body).toMatchObject({ code: 400, data: { field: 'uuid' } });
  });
});

/** 消息中心: the bell's lists with a read-status filter. */
describe('message centre filters', () => {
  it('lists reminders and announcements as all, unread or read', async () => {
    const users = (await json(admin, 'GET', '/us-user/page', { query: { current: '1', size: '10', account: 'user' } })).body.data.records as { id: string; account: string }[];
    const userId = users.find((u) => u.account === 'user')!.id;
    const ids: string[] = [];
    for (const content of ['提醒甲', '提醒乙'])
      ids.push((await json(admin, 'POST', '/us-system/message-notify/submit', { payload: { userId, content, url: '/system/param' } })).body.data.id);
    await json(plain, 'POST', '/us-system/message-notify/updateMessageNotifyUser', { payload: { id: ids[0], readStatus: 1 } });
    const reminders = async (readStatus?: number) =>
      (await json(plain, 'POST', '/us-system/message-notify/pageMessageNotify', { payload: { current: 1, size: 100, ...(readStatus === undefined ? {} : { readStatus }) } })).body
        .data as {
        total: number;
        records: { id: string; readStatus: number }[];
      };
    expect((await reminders()).records.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect((await reminders(0)).records.map((r) => r.id)).toEqual([ids[1]]);
    expect((await reminders(1)).records.map((r) => r.id)).toEqual([ids[0]]);
    expect((await reminders(1)).total).toBe(1);

    const notice = (await json(admin, 'POST', '/us-system/system-notify/submit', { payload: { title: '消息中心公告', content: '<p>x</p>', targetType: 2 } })).body.data;
    await admin.call({ method: 'POST', url: `/us-system/system-notify/publish?ids=${notice.id}` });
    const announcements = async (readStatus: number) =>
      ((await json(plain, 'POST', '/us-system/system-notify/pageSystemNotify', { payload: { current: 1, size: 100, readStatus } })).body.data.records as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await announcements(0)).toContain('消息中心公告');
    expect(await announcements(1)).not.toContain('消息中心公告');
    await json(plain, 'POST', '/us-system/system-notify/updateSystemNotifyUser', { payload: { systemNotifyUserId: notice.id, readStatus: 1 } });
    expect(await announcements(1)).toContain('消息中心公告');
    expect(await announcements(0)).not.toContain('消息中心公告');
    // a status that is neither names the field
    expect((await json(plain, 'POST', '/us-system/message-notify/pageMessageNotify', { payload: { readStatus: 3 } })).body.msg).toContain('readStatus');
  });
});
