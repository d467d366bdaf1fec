import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { shellZh } from '../../shared/i18n/shell-zh';
import { countText, scopeText, systemsText, typeText } from './package-format';

/** The Chinese texts, looked up as i18next would (nested keys, {{placeholders}}, a default value). */
const t = ((key: string, options: Record<string, string> = {}) => {
  const found = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], shellZh);
  const text = typeof found === 'string' ? found : (options.defaultValue ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');
}) as unknown as TFunction;

describe('我的套餐 as shown', () => {
  it('shows -1 as 不限 and other counts as they are', () => {
    expect(countText(-1, t)).toBe('不限');
    expect(countText(0, t)).toBe('0');
    expect(countText(120, t)).toBe('120');
  });

  it('names the types 1 按人员, 2 按设备, 3 不限', () => {
    expect([1, 2, 3].map((n) => typeText(n, t))).toEqual(['按人员', '按设备', '不限']);
    expect(typeText(9, t)).toBe('9');
  });

  it('lists the systems joined by 、, or every system when none is named; the project or the whole company', () => {
    expect(systemsText({ systemAccess: '运营工作台、主数据' }, t)).toBe('运营工作台、主数据');
    expect(systemsText({ systemAccess: '' }, t)).toBe('全部系统');
    expect(scopeText({ projectName: '虹桥商务区', companyName: '物业运营公司' }, t)).toBe('虹桥商务区');
    expect(scopeText({ projectName: '', companyName: '物业运营公司' }, t)).toBe('物业运营公司 (全公司)');
  });
});
