import { describe, expect, it } from 'vitest';
import { chooseEnvironment, obsoleteRedirect, type Environment } from './env';

const table: Environment[] = [
  { name: 'uat', origins: ['https://uat.example.com'], apiBase: 'https://uat-api.example.com', clientId: 'u', clientSecret: 'us' },
  { name: 'gray', origins: ['https://gray.example.com', 'https://gray2.example.com'], apiBase: 'https://gray-api.example.com', clientId: 'g', clientSecret: 'gs' },
  { name: 'test', origins: ['http://test.example.com:8080'], apiBase: '', clientId: 't', clientSecret: 'ts' },
];
const production: Environment = { name: 'production', origins: [], apiBase: '', clientId: 'p', clientSecret: 'ps' };

describe('environment by page origin', () => {
  it('picks the row whose origins hold the page origin', () => {
    expect(chooseEnvironment('https://uat.example.com', table, production).name).toBe('uat');
    expect(chooseEnvironment('https://gray2.example.com', table, production)).toMatchObject({ name: 'gray', apiBase: 'https://gray-api.example.com', clientId: 'g' });
    expect(chooseEnvironment('http://test.example.com:8080', table, production).clientId).toBe('t');
  });

  it('compares whole origins, case-insensitively', () => {
    expect(chooseEnvironment('HTTPS://UAT.example.com/', table, production).name).toBe('uat');
    expect(chooseEnvironment('http://uat.example.com', table, production).name).toBe('production');
    expect(chooseEnvironment('http://test.example.com', table, production).name).toBe('production');
  });

  it('falls back to production on the same origin', () => {
    const env = chooseEnvironment('http://localhost:18080', table, production);
    expect(env).toBe(production);
    expect(env.apiBase).toBe('');
  });
});

describe('obsolete domains', () => {
  const domains = [{ from: 'old.example.com', to: 'https://new.example.com/' }];
  const at = (host: string, pathname = '/wel/index', search = '', hash = '') => ({ host, pathname, search, hash });

  it('moves a retired host to the new one, keeping path, query and hash', () => {
    expect(obsoleteRedirect(at('old.example.com', '/system/param', '?projectId=3', '#x'), domains)).toBe('https://new.example.com/system/param?projectId=3#x');
    expect(obsoleteRedirect(at('OLD.example.com'), domains)).toBe('https://new.example.com/wel/index');
  });

  it('leaves other hosts alone', () => {
    expect(obsoleteRedirect(at('new.example.com'), domains)).toBeUndefined();
    expect(obsoleteRedirect(at('old.example.com.evil.com'), domains)).toBeUndefined();
  });
});
