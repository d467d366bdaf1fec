import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from '../helper';

type Call = Awaited<ReturnType<typeof as>>['call'];

/** 2^63: one past PostgreSQL's bigint, yet 19 digits, as the two routes' own patterns allowed. */
const PAST_BIGINT = '9223372036854775808';

/**
 * Ids of every route are the types of platform/input-types.ts (at most 18 digits): two routes that wrote
 * their own pattern (\d{1,19}) let 2^63 through to the database, which answered 500. The fuzz test now
 * sends 2^63 to every field of every route.
 */
describe('ids past 64 bits', () => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await testApp();
    call = (await as(t.app, 'admin', '100001')).call;
  });
  afterAll(() => t.close());

  it.each([
    ['/us/lsds/hd/screen/getHdBaseInfoByProjectId', 'projectId', PAST_BIGINT],
    ['/us/lsds/hd/screen/getHdBaseInfoByProjectId', 'projectId', `-${PAST_BIGINT}1`],
    ['/us-report/report/rest/chart', 'id', PAST_BIGINT],
    ['/us-system/business-system-ext/menu-list', 'projectId', PAST_BIGINT],
  ])('%s?%s=%s answers 400 naming the field', async (url, field, value) => {
    const res = await call({ method: 'GET', url, query: { [field]: value } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: { field } });
  });

  it('still takes the project picker’s 全部 (-1) and an id of 18 digits', async () => {
    expect((await call({ method: 'GET', url: '/us/lsds/hd/screen/getHdBaseInfoByProjectId', query: { projectId: '-1' } })).json().data.projectId).toBe('-1');
    expect((await call({ method: 'GET', url: '/us-report/report/rest/chart', query: { id: '999999999999999999' } })).statusCode).toBe(404);
  });
});
