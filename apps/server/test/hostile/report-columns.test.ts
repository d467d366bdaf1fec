import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@wb/contracts/resources/report';
import { as, testApp, type TestApp } from '../helper';

type Call = Awaited<ReturnType<typeof as>>['call'];

/** A report (报表管理) keeps only columns of its resource's list: a name the fields object merely inherits is none. */
describe('a report’s columns', () => {
  let t: TestApp;
  let call: Call;
  const save = (columns: unknown, resource = 'param') =>
    call({ method: 'POST', url: '/us-report/report/rest/submit', payload: { name: '参数', resource, query: '{}', columns: JSON.stringify(columns) } });
  beforeAll(async () => {
    t = await testApp();
    call = (await as(t.app, 'admin', '100001')).call;
  });
  afterAll(() => t.close());

  it.each([
    [['__proto__', 'constructor']],
    [['paramName', 'toString']],
    [['hasOwnProperty']],
    // not shown by the list: the remark, and a password
    [['remark']],
    [['password'], 'user'],
  ])('refuses %j (400 naming columns and the column)', async (columns, resource?: string) => {
    const res = await save(columns, resource);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ data: { field: 'columns' } });
    expect(res.json().msg).toMatch(new RegExp(`^${REPORT_MESSAGES.column.zh}: .*${columns.find((c) => c !== 'paramName')}`));
  });

  it('keeps the columns the list shows', async () => {
    const res = await save(['paramName', 'paramKey']);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().data.columns)).toEqual(['paramName', 'paramKey']);
  });
});

/** A report's chart groups and sums only fields its columns could show: a field the list hides is no axis either. */
describe('a report’s chart', () => {
  let t: TestApp;
  let call: Call;
  const save = (chart: object) =>
    call({ method: 'POST', url: '/us-report/report/rest/submit', payload: { name: '租户', resource: 'tenant', query: '{}', columns: '["tenantName"]', chart: JSON.stringify(chart) } });
  beforeAll(async () => {
    t = await testApp();
    call = (await as(t.app)).call;
  });
  afterAll(() => t.close());

  it('refuses an x the list hides (the tenant’s 绑定域名), 400 naming chart and the field', async () => {
    const res = await save({ type: 'bar', x: 'domain' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ msg: `${REPORT_MESSAGES.chartX.zh}: 绑定域名(domain)`, data: { field: 'chart' } });
  });

  it('keeps an x the list shows', async () => {
    const res = await save({ type: 'bar', x: 'tenantName' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().data.chart)).toEqual({ type: 'bar', x: 'tenantName' });
  });
});
