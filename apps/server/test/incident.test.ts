import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INCIDENT_DETAIL_PATH, INCIDENT_MODEL } from '@wb/contracts/resources/incident';
import { as, testApp, type TestApp } from './helper';

type Caller = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let admin: Caller;
let plain: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  plain = await as(t.app, 'user');
});
afterAll(() => t.close());

const BASE = '/wwy-us-incident/srt/incident-manage';
const call = async (who: Caller, method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await who.call({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() as { msg: string; data: Record<string, unknown> & { records: Record<string, string>[] } } };
};
const reminders = async (who: Caller) => (await call(who, 'POST', '/us-system/message-notify/pageMessageNotify', { current: 1, size: 100 })).body.data.records;

describe('incidents under supervision', () => {
  it('naming a handler reminds them; the reminder leads to the incident, which its handler and the managers read, no one else', async () => {
    const [project] = (await call(admin, 'GET', '/wwy-us-mdm/api/v1/project/select')).body.data as unknown as { id: string }[];
    const missing = await call(admin, 'POST', `${BASE}/submit`, { title: '3 号楼漏水', incidentType: '1', projectId: project.id, deadline: '2099-01-01' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ msg: '请选择督办对象', data: { field: 'handlerId' } });

    const saved = await call(admin, 'POST', `${BASE}/submit`, {
      title: '3 号楼漏水',
      incidentType: '1',
      projectId: project.id,
      handlerId: plain.token.user_id,
      deadline: '2099-01-01',
      description: '地下车库入口渗水',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id as string;
    const mine = (await reminders(plain)).filter((r) => r.url.endsWith(`incidentId=${id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ modelName: INCIDENT_MODEL, content: '请在 2099-01-01 前办结: 3 号楼漏水', url: `/desk/incident?incidentId=${id}` });

    // the handler reads it without the 事件督办 menu; the administrators manage it
    const detail = await call(plain, 'GET', INCIDENT_DETAIL_PATH, { id });
    expect(detail.body.data).toMatchObject({ id, title: '3 号楼漏水', description: '地下车库入口渗水', handleStatus: '0', level: '1' });
    expect((await call(plain, 'GET', `${BASE}/detail`, { id })).status).toBe(403);
    expect((await call(admin, 'GET', INCIDENT_DETAIL_PATH, { id })).status).toBe(200);
    const other = await as(t.app, 'admin', '100001');
    expect((await call(other, 'GET', INCIDENT_DETAIL_PATH, { id })).status).toBe(404);

    // an edit that keeps the handler reminds no one again; another handler is reminded
    await call(admin, 'POST', `${BASE}/submit`, { ...saved.body.data, handleStatus: '1' });
    expect((await reminders(plain)).filter((r) => r.url.endsWith(`incidentId=${id}`))).toHaveLength(1);
    await call(admin, 'POST', `${BASE}/submit`, { ...saved.body.data, handlerId: admin.token.user_id });
    expect((await reminders(admin)).filter((r) => r.url.endsWith(`incidentId=${id}`))).toHaveLength(1);
    // no longer theirs: the former handler reads it no more
    expect((await call(plain, 'GET', INCIDENT_DETAIL_PATH, { id })).status).toBe(404);

    // removed, it takes its reminders with it: none is left in anyone's bell
    expect((await call(admin, 'POST', `${BASE}/remove?ids=${id}`)).status).toBe(200);
    expect((await reminders(plain)).filter((r) => r.url.endsWith(`incidentId=${id}`))).toHaveLength(0);
    expect((await reminders(admin)).filter((r) => r.url.endsWith(`incidentId=${id}`))).toHaveLength(0);
  });
});
