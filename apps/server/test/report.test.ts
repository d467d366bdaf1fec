import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_PATHS } from '@wb/contracts/resources/report';
import { as, testApp, type TestApp } from './helper';

/** 报表管理 › 新增 / 编辑 (admin spec §7 'Report'): what a report is — data, filters, columns, chart — checked on the server. */

type Who = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let admin: Who;

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

const SUBMIT = '/us-report/report/rest/submit';
const submit = (payload: object) => admin.call({ method: 'POST', url: SUBMIT, payload });
const detail = (id: string) => admin.call({ method: 'GET', url: '/us-report/report/rest/detail', query: { id } });
const base = { name: '岗位一览', resource: 'post', query: '{}', columns: '["postName","postCode"]', chart: '', remark: '' };

/** The answer of a refused submit: 400, the envelope, the field and a message naming what is wrong. */
async function refused(payload: object) {
  const res = await submit(payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ code: 400, success: false });
  return { field: body.data?.field as string, msg: body.msg as string };
}

describe('the data a report may read', () => {
  it('are the flat lists the caller may read, by name: neither reports nor trees', async () => {
    const res = await admin.call({ method: 'GET', url: REPORT_PATHS.sources });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().data as string[];
    expect(names).toEqual(expect.arrayContaining(['post', 'param', 'notice', 'supplier']));
    expect(names).not.toContain('report');
    // departments and menus are trees
    expect(names).not.toContain('dept');
    expect(names).not.toContain('menu');
  });

  it('refuse a tree as the data, naming resource', async () => {
    expect(await refused({ ...base, resource: 'dept', columns: '["deptName"]' })).toEqual({ field: 'resource', msg: REPORT_MESSAGES.resource.zh });
  });
});

describe('adding a report', () => {
  it('keeps its data, filters, columns in their order and chart', async () => {
    const res = await submit({
      ...base,
      query: JSON.stringify({ postName: '经理', category: '1', current: 1, size: 10, ascs: 'nope' }),
      columns: '["sort","postName"]',
      chart: '{"type":"bar","x":"category","y":"sort"}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await detail(res.json().data.id)).json().data;
    expect(saved).toMatchObject({ name: '岗位一览', resource: 'post' });
    expect(JSON.parse(saved.query)).toEqual({ postName: '经理', category: '1' });
    expect(JSON.parse(saved.columns)).toEqual(['sort', 'postName']);
    expect(JSON.parse(saved.chart)).toEqual({ type: 'bar', x: 'category', y: 'sort' });
  });

  it.each([
    // columns
    [{ columns: '["postName","remark"]' }, 'columns', `${REPORT_MESSAGES.column.zh}: 备注(remark)`],
    [{ columns: '["nope"]' }, 'columns', `${REPORT_MESSAGES.column.zh}: nope`],
    [{ columns: '[1]' }, 'columns', `${REPORT_MESSAGES.column.zh}: 1`],
    [{ columns: '[]' }, 'columns', '请选择列'],
    [{ columns: '"postName"' }, 'columns', REPORT_MESSAGES.columns.zh],
    // filters: one the list does not take, a value it would refuse
    [{ query: '{"remark":"x"}' }, 'query', `${REPORT_MESSAGES.filter.zh}: 备注(remark)`],
    [{ query: '{"postName":["a"]}' }, 'query', `${REPORT_MESSAGES.filterValue.zh}: 岗位名称(postName)`],
    [{ query: '{"createTime_dategt":"tomorrow"}' }, 'query', `${REPORT_MESSAGES.filterValue.zh}: createTime_dategt 不是有效的日期`],
    [{ query: '[]' }, 'query', REPORT_MESSAGES.query.zh],
    // the chart
    [{ chart: '{"type":"radar","x":"category"}' }, 'chart', REPORT_MESSAGES.chartType.zh],
    [{ chart: '{"type":"bar"}' }, 'chart', REPORT_MESSAGES.chartXMissing.zh],
    [{ chart: '{"type":"bar","x":"remark"}' }, 'chart', `${REPORT_MESSAGES.chartX.zh}: 备注(remark)`],
    [{ chart: '{"type":"pie","x":"category","y":"postName"}' }, 'chart', `${REPORT_MESSAGES.chartY.zh}: 岗位名称(postName)`],
  ])('refuses %j, naming the field', async (payload, field, msg) => {
    expect(await refused({ ...base, ...payload })).toEqual({ field, msg });
  });
});

describe('editing a report', () => {
  let id: string;
  beforeAll(async () => {
    const res = await submit(base);
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });

  it('changes its filters, columns and chart; its data stays', async () => {
    const res = await submit({ ...base, id, name: '岗位编号表', resource: 'param', query: '{"postCode":"ceo"}', columns: '["postCode"]', chart: '{"type":"pie","x":"postName"}' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await detail(id)).json().data;
    expect(saved).toMatchObject({ name: '岗位编号表', resource: 'post' });
    expect(JSON.parse(saved.query)).toEqual({ postCode: 'ceo' });
    expect(JSON.parse(saved.columns)).toEqual(['postCode']);
    expect(JSON.parse(saved.chart)).toEqual({ type: 'pie', x: 'postName' });
    // and the chart goes again
    expect((await submit({ ...base, id })).statusCode).toBe(200);
    expect((await detail(id)).json().data.chart).toBe('');
  });

  it('checks them against the report’s own data, naming the field', async () => {
    // paramName is a column of 参数管理, not of the posts this report reads
    expect(await refused({ ...base, id, columns: '["paramName"]' })).toEqual({ field: 'columns', msg: `${REPORT_MESSAGES.column.zh}: paramName` });
    expect(await refused({ ...base, id, query: '{"paramKey":"x"}' })).toEqual({ field: 'query', msg: `${REPORT_MESSAGES.filter.zh}: paramKey` });
    // emptied, not left out: an update keeps what it is not sent
    expect(await refused({ ...base, id, columns: '' })).toMatchObject({ field: 'columns' });
  });
});
