import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

/**
 * platform/changes.ts on the writer's own instance: a change is heard when it is published,
 * inside the write's transaction, and once more when the request answers, after the commit
 * (a cache reloaded between the two read the rows as they were).
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('a write heard on its own instance', () => {
  it('twice before its answer: inside its transaction and after it', async () => {
    const admin = await as(t.app);
    const heard: string[] = [];
    t.ctx.changes.on('params', (detail) => heard.push(detail));
    const res = await admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '听两次', paramKey: 'heard.twice', paramValue: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    // (on PostgreSQL the NOTIFY may come back as well, a third time)
    expect(heard.length).toBeGreaterThanOrEqual(2);
  });

  it('a request that publishes nothing is not heard', async () => {
    const admin = await as(t.app);
    let heard = 0;
    t.ctx.changes.on('params', () => heard++);
    expect((await admin.call({ method: 'GET', url: '/us-system/param/list' })).statusCode).toBe(200);
    expect(heard).toBe(0);
  });
});
