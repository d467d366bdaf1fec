import { describe, expect, it } from 'vitest';
import { deskNoticeResource as noticeResource } from '@wb/contracts/resources/desk';
import { userResource } from '@wb/contracts/resources/org';
import { chartFields, filterValues, reportBody, reportFormValues } from './report-values';

describe('a report’s filters in the form', () => {
  it('are its search inputs’ values: a range as its two bounds; the rest kept aside', () => {
    expect(filterValues(noticeResource, { title: '停电', releaseTime_dategt: '2026-01-01 00:00:00', deptId: '7' })).toEqual({
      values: { title: '停电', releaseTime: ['2026-01-01 00:00:00', undefined] },
      extra: { deptId: '7' },
    });
  });

  it('go back as the list call takes them, empty ones dropped, the kept ones with them', () => {
    const body = reportBody(
      noticeResource,
      {
        name: ' 通知 ',
        columns: ['title', 'category'],
        filters: { title: ' 停电 ', category: '', releaseTime: ['2026-01-01 00:00:00', '2026-02-01 00:00:00'] },
        chartType: 'pie',
        x: 'category',
      },
      { deptId: '7' },
      '42',
    );
    expect(body).toEqual({
      id: '42',
      name: ' 通知 ',
      resource: 'notice',
      query: JSON.stringify({ title: '停电', releaseTime_dategt: '2026-01-01 00:00:00', releaseTime_datelt: '2026-02-01 00:00:00', deptId: '7' }),
      columns: '["title","category"]',
      chart: '{"type":"pie","x":"category"}',
      remark: '',
    });
  });

  it('start from a stored report, its columns in their order; a new one shows every column', () => {
    const { values } = reportFormValues(noticeResource, {
      resource: 'notice',
      query: '{"category":"2"}',
      columns: '["category","title"]',
      chart: '{"type":"bar","x":"category"}',
      name: 'n',
    });
    expect(values).toMatchObject({ resource: 'notice', columns: ['category', 'title'], filters: { category: '2' }, chartType: 'bar', x: 'category' });
    expect(reportFormValues(noticeResource, { resource: 'notice' }).values.columns).toEqual(
      ['title', 'category', 'releaseTime', 'createTime'].filter((k) => k in noticeResource.fields),
    );
  });
});

describe('a chart’s fields', () => {
  it('group by what many rows share among the columns, never a password', () => {
    const { groups } = chartFields(userResource);
    expect(groups).not.toContain('password');
    expect(groups).toContain('realName');
  });
});
