import { describe, expect, it } from 'vitest';
import { createRedactor } from '../src/platform/log-redaction';

describe('the API log’s parameters (redactor.json)', () => {
  const { json, value } = createRedactor({ tokenHeader: 'saas-auth' });
  // what Fastify's query parser makes: an object without a prototype
  const query = Object.assign(Object.create(null) as object, { current: 1, size: '10', Saas_Auth: 'bearer x' });
  const body = { paramKey: 'deep.one', remark: 'see /x?token=Abc-Token-3&a=1', extra: { password: 'Nested-Secret-7', list: [{ secretKey: 'Listed-S3' }, 'n=1'] }, empty: null };

  it('hides secret-named values at any depth and key=value secrets in text', () => {
    expect(JSON.parse(json({ query, body }) ?? '')).toEqual({
      query: { current: 1, size: '10', Saas_Auth: '***' },
      body: { paramKey: 'deep.one', remark: 'see /x?token=***&a=1', extra: { password: '***', list: [{ secretKey: '***' }, 'n=1'] }, empty: null },
    });
  });

  it('writes what the redacted copy (value) would write', () => {
    expect(json({ query: { ...query }, body })).toBe(JSON.stringify(value({ query: { ...query }, body })));
  });
});
