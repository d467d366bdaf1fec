import { describe, expect, it } from 'vitest';
import { fillPlaceholders, hasPlaceholders, placeholderValues } from './placeholders';

describe('${field} placeholders', () => {
  it('fills fields from user info, URL-encoded', () => {
    expect(fillPlaceholders('https://parking.example.com/?account=${account}', { account: 'admin' })).toBe('https://parking.example.com/?account=admin');
    expect(fillPlaceholders('/r?name=${real_name}&t=${tenant_id}', { real_name: '王 小明', tenant_id: '000000' })).toBe('/r?name=%E7%8E%8B%20%E5%B0%8F%E6%98%8E&t=000000');
  });

  it('empties unknown fields instead of leaking the placeholder', () => {
    expect(fillPlaceholders('https://a.example.com/?x=${nothing}&y=${ account }', { account: 'a' })).toBe('https://a.example.com/?x=&y=a');
    expect(fillPlaceholders('https://a.example.com/?x=${toString}', {})).toBe('https://a.example.com/?x=');
  });

  it('leaves links without placeholders alone', () => {
    expect(fillPlaceholders('https://energy.example.com/', { account: 'a' })).toBe('https://energy.example.com/');
    expect(hasPlaceholders('https://energy.example.com/')).toBe(false);
    expect(hasPlaceholders('https://a/${account}')).toBe(true);
    expect(hasPlaceholders('https://a/${account}')).toBe(true);
  });

  it('offers snake_case fields with camelCase aliases, the first source winning', () => {
    const values = placeholderValues({ user_id: '1', account: 'admin', detail: { a: 1 } }, { account: 'other', phone: '13800000000' });
    expect(values).toMatchObject({ user_id: '1', userId: '1', account: 'admin', phone: '13800000000' });
    expect(values).not.toHaveProperty('detail');
  });
});
