import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestSocialToken, requestToken } from './token';
import { AuthCallError } from './auth-fetch';

// What the login page puts on the wire: the credentials in a form body (OAuth2), never in the
// URL, which the server's and any proxy's access logs keep.

const sent: { url: string; init: RequestInit }[] = [];
afterEach(() => {
  sent.length = 0;
});

function answer(status: number, body: unknown): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

const form = (init: RequestInit) => Object.fromEntries(init.body as URLSearchParams);
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('token requests', () => {
  it('sends the password login as a form body with nothing in the URL, with the client credentials', async () => {
    answer(200, { access_token: 'a', refresh_token: 'r' });
    await expect(requestToken({ tenantId: '000000', username: 'admin', password: 'p&ss=1 2', captchaKey: 'k', captchaCode: 'c0de' })).resolves.toMatchObject({ access_token: 'a' });
    const [{ url, init }] = sent;
    expect(init.method).toBe('POST');
    expect(url).toBe('/us-auth/oauth/token');
    expect(form(init)).toEqual({ tenantId: '000000', username: 'admin', password: 'p&ss=1 2', grant_type: 'password', scope: 'all', type: 'account' });
    expect(header(init, 'Captcha-Code')).toBe('c0de');
    expect(header(init, 'Authorization')).toBe(`Basic ${btoa('workbench:workbench_secret')}`);
  });

  it('sends the social login code as a form body too', async () => {
    answer(200, { access_token: 'a' });
    await requestSocialToken({ tenantId: '000000', source: 'gitee', code: 'authz', state: 'st' });
    expect(sent[0].url).toBe('/us-auth/oauth/token');
    expect(form(sent[0].init)).toMatchObject({ grant_type: 'social', source: 'gitee', code: 'authz', state: 'st' });
  });

  it("rejects with the server's description and keeps the body", async () => {
    answer(400, { error: 'unbound_account', error_description: '用户名或密码错误', oauth_id: '9' });
    const failure = await requestToken({ tenantId: '000000', username: 'admin', password: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthCallError);
    expect((failure as AuthCallError).message).toBe('用户名或密码错误');
    expect((failure as AuthCallError).body).toMatchObject({ oauth_id: '9' });
  });
});
