import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../shared/request';
import { requestSocialToken, requestToken } from './token';

// What the login page puts on the wire: the credentials in a form body (OAuth2), never in the
// URL, which the server's and any proxy's access logs keep.

const sent: InternalAxiosRequestConfig[] = [];
const original = http.instance.defaults.adapter;
afterEach(() => {
  http.instance.defaults.adapter = original;
  sent.length = 0;
});

function answer(): void {
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { status: 200, statusText: 'OK', headers: {}, config, data: { access_token: 'a', refresh_token: 'r' } };
  };
  http.instance.defaults.adapter = adapter;
}

const form = (config: InternalAxiosRequestConfig) => Object.fromEntries(new URLSearchParams(config.data as string));

describe('token requests', () => {
  it('sends the password login as a form body with nothing in the URL', async () => {
    answer();
    await expect(requestToken({ tenantId: '000000', username: 'admin', password: 'p&ss=1 2', captchaKey: 'k', captchaCode: 'c0de' })).resolves.toMatchObject({ access_token: 'a' });
    const [config] = sent;
    expect(config.method).toBe('post');
    expect(config.url).toBe('/us-auth/oauth/token');
    expect(config.params).toBeUndefined();
    expect(config.headers.getContentType()).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form(config)).toEqual({ tenantId: '000000', username: 'admin', password: 'p&ss=1 2', grant_type: 'password', scope: 'all', type: 'account' });
    expect(config.headers.get('Captcha-Code')).toBe('c0de');
  });

  it('sends the social login code as a form body too', async () => {
    answer();
    await requestSocialToken({ tenantId: '000000', source: 'gitee', code: 'authz', state: 'st' });
    expect(sent[0].params).toBeUndefined();
    expect(form(sent[0])).toMatchObject({ grant_type: 'social', source: 'gitee', code: 'authz', state: 'st' });
  });
});
