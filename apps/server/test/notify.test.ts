import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { as, testApp, type TestApp } from './helper';

type Caller = Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Answer = { code: number; msg: string; data: any };
interface Announcement {
  systemNotifyUserId: string;
  title: string;
  content: string;
  createTime: string;
  readStatus: number;
}

/** Announcements and supervision reminders (shell spec §7 'Notifications and versions'). */
describe('announcements and reminders', () => {
  let t: TestApp;
  let admin: Caller;
  let plain: Caller;
  let adminB: Caller;

  const json = async (who: Caller, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await who.call({ method, url, payload });
    return { status: res.statusCode, body: res.json() as Answer };
  };
  const announcements = async (who: Caller) =>
    (await json(who, 'POST', '/us-system/system-notify/pageSystemNotify', { current: 1, size: 100, projectId: '-1', userCode: 'x' })).body.data.records as Announcement[];
  const add = async (who: Caller, body: object) => {
    const res = await json(who, 'POST', '/us-system/system-notify/submit', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; content: string; publishStatus: number };
  };
  const publish = (who: Caller, id: string) => who.call({ method: 'POST', url: `/us-system/system-notify/publish?ids=${id}` });

  beforeAll(async () => {
    t = await testApp();
    admin = await as(t.app);
    plain = await as(t.app, 'user');
    adminB = await as(t.app, 'admin', '100001');
  });
  afterAll(() => t.close());

  it('stores rich text sanitised, whoever sends it: no script, no handler, no javascript: link', async () => {
    const html = '<p>停机<b>维护</b><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点此</a><a href="https://example.com">说明</a></p>';
    const saved = await add(admin, { title: '维护通知', content: html, targetType: 2 });
    const detail = (await json(admin, 'GET', `/us-system/system-notify/detail?id=${saved.id}`)).body.data;
    expect(detail.content).toBe('<p>停机<b>维护</b><img src="x"><a>点此</a><a href="https://example.com">说明</a></p>');
    expect(detail.publishStatus).toBe(0);
  });

  it('a draft is shown to nobody; once published its audience sees it, URI-encoded, unread until opened', async () => {
    const saved = await add(admin, { title: '本租户公告', content: '<p>大家好</p>', targetType: 2 });
    expect((await announcements(plain)).map((a) => a.title)).not.toContain('本租户公告');
    expect((await publish(admin, saved.id)).json()).toMatchObject({ code: 200, msg: '发布成功' });

    const [latest] = await announcements(plain);
    expect(latest).toMatchObject({ systemNotifyUserId: saved.id, title: '本租户公告', readStatus: 0 });
    expect(decodeURIComponent(latest.content)).toBe('<p>大家好</p>');
    expect(latest.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await json(plain, 'GET', '/us-system/version-manage/publishSystemNotify')).body.data).toMatchObject({ systemNotifyUserId: saved.id });

    const read = await json(plain, 'POST', '/us-system/system-notify/updateSystemNotifyUser', { systemNotifyUserId: saved.id, readStatus: 1 });
    expect(read.body).toMatchObject({ code: 200, success: true });
    expect((await announcements(plain))[0].readStatus).toBe(1);
    // read by one user only
    expect((await announcements(admin)).find((a) => a.systemNotifyUserId === saved.id)!.readStatus).toBe(0);
    // another tenant does not see it, nor mark it
    expect((await announcements(adminB)).map((a) => a.systemNotifyUserId)).not.toContain(saved.id);
    expect((await json(adminB, 'POST', '/us-system/system-notify/updateSystemNotifyUser', { systemNotifyUserId: saved.id, readStatus: 1 })).status).toBe(404);
  });

  it('an announcement for some roles reaches their holders only; one for every tenant is the platform’s to publish', async () => {
    const roles = (await json(admin, 'GET', '/us-system/role/tree')).body.data as { id: string; title: string }[];
    const adminRole = roles.find((r) => r.title === '超级管理员')!;
    expect((await json(admin, 'POST', '/us-system/system-notify/submit', { title: 'r', content: '<p>r</p>', targetType: 3 })).body.msg).toBe('请选择接收公告的角色');
    const forAdmins = await add(admin, { title: '管理员公告', content: '<p>仅管理员</p>', targetType: 3, roleId: adminRole.id });
    await publish(admin, forAdmins.id);
    expect((await announcements(admin)).map((a) => a.title)).toContain('管理员公告');
    expect((await announcements(plain)).map((a) => a.title)).not.toContain('管理员公告');

    const refused = await json(adminB, 'POST', '/us-system/system-notify/submit', { title: '全部', content: '<p>x</p>', targetType: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('只有平台租户可以发布给全部租户');
    const everyone = await add(admin, { title: '全平台公告', content: '<p>全部租户</p>', targetType: 1 });
    await publish(admin, everyone.id);
    expect((await announcements(adminB)).map((a) => a.title)).toContain('全平台公告');
  });

  it('a reminder reaches the user it names, who alone marks it read', async () => {
    const users = (await json(admin, 'GET', '/us-user/page?current=1&size=10&account=user')).body.data.records as { id: string; account: string }[];
    const target = users.find((u) => u.account === 'user')!;
    const saved = await json(admin, 'POST', '/us-system/message-notify/submit', { userId: target.id, content: '请处理 3 号楼报修工单', url: '/system/param' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = (await json(plain, 'POST', '/us-system/message-notify/pageMessageNotify', { current: 1, size: 100 })).body.data;
    expect(page.records[0]).toMatchObject({ id: saved.body.data.id, content: '请处理 3 号楼报修工单', modelName: '督办', url: '/system/param', readStatus: 0 });
    expect((await json(admin, 'POST', '/us-system/message-notify/pageMessageNotify', {})).body.data.records.map((r: { id: string }) => r.id)).not.toContain(saved.body.data.id);
    expect((await json(admin, 'POST', '/us-system/message-notify/updateMessageNotifyUser', { id: saved.body.data.id, readStatus: 1 })).status).toBe(404);
    expect((await json(plain, 'POST', '/us-system/message-notify/updateMessageNotifyUser', { id: saved.body.data.id, readStatus: 1 })).status).toBe(200);
    expect((await json(plain, 'POST', '/us-system/message-notify/pageMessageNotify', {})).body.data.records[0].readStatus).toBe(1);

    // a user's reminders are theirs: they do not keep the user from being removed, and go with them
    expect((await json(admin, 'POST', `/us-user/remove?ids=${target.id}`)).body.msg).toBe('删除成功');
    expect((await json(admin, 'GET', `/us-system/message-notify/detail?id=${saved.body.data.id}`)).status).toBe(404);
  });

  describe('pushed over server-sent events', () => {
    let base: string;
    beforeAll(async () => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    /** A stream as the shell opens it, with the events it has received by name and data. */
    async function stream(who: Caller, tenantId: string) {
      const abort = new AbortController();
      const res = await fetch(`${base}/us-system/notify/stream`, { headers: { 'saas-auth': `bearer ${who.token.access_token}`, 'tenant-id': tenantId }, signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const events: { event: string; data: unknown }[] = [];
      const waiting: (() => void)[] = [];
      void (async () => {
        const decoder = new TextDecoder();
        let buffered = '';
        try {
          const reader = res.body!.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            buffered += decoder.decode(chunk.value, { stream: true });
            let end: number;
            while ((end = buffered.indexOf('\n\n')) >= 0) {
              const block = buffered.slice(0, end);
              buffered = buffered.slice(end + 2);
              const name = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (name) events.push({ event: name, data: data ? JSON.parse(data) : null });
              waiting.splice(0).forEach((wake) => wake());
            }
          }
        } catch {
          // aborted
        }
      })();
      /** the events after the first `count`, once there are more than `count` */
      const after = async (count: number) => {
        const deadline = Date.now() + 5000;
        while (events.length <= count) {
          if (Date.now() > deadline) throw new Error(`no event after ${count}: ${JSON.stringify(events)}`);
          await new Promise<void>((wake) => {
            waiting.push(wake);
            setTimeout(wake, 100);
          });
        }
        return events.slice(count);
      };
      expect((await after(0))[0].event).toBe('ready');
      return { events, after, close: () => abort.abort() };
    }

    it('tell each open stream of the notices that reach its user, and no other', async () => {
      // (the plain user was removed above: the administrator listens)
      const mine = await stream(admin, '000000');
      const other = await stream(adminB, '100001');
      const forTenant = await add(admin, { title: '推送公告', content: '<p>新</p>', targetType: 2 });
      await publish(admin, forTenant.id);
      expect(await mine.after(1)).toEqual([{ event: 'notice', data: { kind: 'announcement' } }]);

      // a reminder for tenant B's administrator reaches their stream, not this one
      const reminderFor = async (who: Caller) => {
        const saved = await json(who, 'POST', '/us-system/message-notify/submit', { userId: who.token.user_id, content: '推送的提醒', url: '/system/param' });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      };
      await reminderFor(adminB);
      expect(await other.after(1)).toEqual([{ event: 'notice', data: { kind: 'reminder' } }]);
      await reminderFor(admin);
      expect(await mine.after(2)).toEqual([{ event: 'notice', data: { kind: 'reminder' } }]);

      // an announcement for every tenant reaches both
      const everyone = await add(admin, { title: '推送全平台', content: '<p>全</p>', targetType: 1 });
      await publish(admin, everyone.id);
      expect(await other.after(2)).toEqual([{ event: 'notice', data: { kind: 'announcement' } }]);
      expect(await mine.after(3)).toEqual([{ event: 'notice', data: { kind: 'announcement' } }]);
      mine.close();
      other.close();
    });

    it('needs a token', async () => {
      const res = await fetch(`${base}/us-system/notify/stream`);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(401);
    });
  });
});
