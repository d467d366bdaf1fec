import { describe, expect, it, vi } from 'vitest';
import { AUTH_REDIRECT_MESSAGE, listenForAuthRedirect, readSocialCallback, relayAuthRedirect, socialAuthorizeUrl, socialLabel, socialSources } from './social-login';

describe('third-party login', () => {
  it('prefers the list the server sends, else the build list, keeping only source names', () => {
    expect(socialSources(['gitee', 'github'], ['x'])).toEqual(['gitee', 'github']);
    expect(socialSources(undefined, ['gitee'])).toEqual(['gitee']);
    expect(socialSources([], ['gitee'])).toEqual([]);
    expect(socialSources(['ok', '../evil', 3], [])).toEqual(['ok']);
  });

  it('sends the browser to the render call with the tenant', () => {
    expect(socialAuthorizeUrl('', 'gitee', '000000')).toBe('/us-auth/oauth/render/gitee?tenantId=000000');
    expect(socialAuthorizeUrl('https://api.example.com', 'github', '100001')).toBe('https://api.example.com/us-auth/oauth/render/github?tenantId=100001');
  });

  it("reads the provider's answer from the query, the source from the query or the pending one", () => {
    expect(readSocialCallback('?code=c1&state=s1&source=gitee', null)).toEqual({ source: 'gitee', code: 'c1', state: 's1' });
    expect(readSocialCallback('?code=c1&state=s1', 'github')).toEqual({ source: 'github', code: 'c1', state: 's1' });
    expect(readSocialCallback('?code=c1&state=s1', null)).toBeUndefined();
    expect(readSocialCallback('?redirect=%2Fsystem', 'gitee')).toBeUndefined();
  });

  it('names known providers by brand', () => {
    expect(socialLabel('github')).toBe('GitHub');
    expect(socialLabel('custom')).toBe('custom');
  });

  it('/authredirect hands the answer to its opener and closes, or opened in place takes it to the login page', () => {
    const postMessage = vi.fn();
    const close = vi.fn();
    const replace = vi.fn();
    const location = { search: '?code=c1&state=s1&source=gitee', origin: 'http://wb.example', replace };
    relayAuthRedirect({ location, opener: { postMessage }, close } as unknown as Window);
    expect(postMessage).toHaveBeenCalledWith({ type: AUTH_REDIRECT_MESSAGE, search: '?code=c1&state=s1&source=gitee' }, 'http://wb.example');
    expect(close).toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();

    relayAuthRedirect({ location, opener: null, close } as unknown as Window);
    expect(replace).toHaveBeenCalledWith('/login?code=c1&state=s1&source=gitee');
  });

  it('the login page takes a relayed answer from its own origin only', () => {
    const listeners: ((e: MessageEvent) => void)[] = [];
    const replace = vi.fn();
    const win = { location: { origin: 'http://wb.example', replace }, addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.push(l), removeEventListener: vi.fn() };
    listenForAuthRedirect(win as unknown as Window);
    listeners[0]({ origin: 'http://evil.example', data: { type: AUTH_REDIRECT_MESSAGE, search: '?code=x' } } as MessageEvent);
    listeners[0]({ origin: 'http://wb.example', data: { type: 'other', search: '?code=x' } } as MessageEvent);
    expect(replace).not.toHaveBeenCalled();
    listeners[0]({ origin: 'http://wb.example', data: { type: AUTH_REDIRECT_MESSAGE, search: '?code=c1&state=s1' } } as MessageEvent);
    expect(replace).toHaveBeenCalledWith('/login?code=c1&state=s1');
  });
});
