import { describe, expect, it } from 'vitest';
import { readSocialCallback, socialAuthorizeUrl, socialLabel, socialSources } from './social-login';

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
});
