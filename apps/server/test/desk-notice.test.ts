import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

const BASE = '/us-desk/notice';

describe('desk notices (通知公告)', () => {
  it('are kept with their kind and date; a script in the content never survives the write', async () => {
    const missing = await admin.call({ method: 'POST', url: `${BASE}/submit`, payload: { title: '停水通知', releaseTime: '2026-12-01', content: '<p>x</p>' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ msg: '请选择通知类型', data: { field: 'category' } });

    const saved = await admin.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: {
        title: '停水通知',
        category: '6',
        releaseTime: '2026-12-01',
        content: '<p onclick="steal()">明日 9:00-12:00 停水</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    const detail = (await admin.call({ method: 'GET', url: `${BASE}/detail`, query: { id } })).json().data;
    expect(detail).toMatchObject({ title: '停水通知', category: '6', releaseTime: '2026-12-01 00:00:00' });
    expect(detail.content).toContain('明日 9:00-12:00 停水');
    expect(detail.content).not.toMatch(/script|onclick|onerror/);

    const list = (await admin.call({ method: 'GET', url: `${BASE}/list`, query: { category: '6' } })).json().data;
    expect(list.records.map((r: { title: string }) => r.title)).toEqual(['停水通知']);
    // the seed's notice is there too, and another tenant sees neither of these
    expect((await admin.call({ method: 'GET', url: `${BASE}/list` })).json().data.total).toBe(2);
    const other = await as(t.app, 'admin', '100001');
    expect((await other.call({ method: 'GET', url: `${BASE}/detail`, query: { id } })).statusCode).toBe(404);

    await admin.call({ method: 'POST', url: `${BASE}/remove`, query: { ids: id } });
    expect((await admin.call({ method: 'GET', url: `${BASE}/detail`, query: { id } })).statusCode).toBe(404);
  });
});
