/**
 * Third-party login on /login: a button per
 * configured provider sends the browser to GET /us-auth/oauth/render/{source},
 * which answers 302 to the provider; the provider sends it back to
 * /login?code=&state=[&source=], and the login page exchanges the code with
 * grant_type=social. The source is also kept in sessionStorage for providers
 * whose redirect address cannot carry it.
 */
const PENDING_KEY = 'saber-social-source';

/** Brand names of common providers; others show their source name. */
const BRANDS: Record<string, string> = {
  github: 'GitHub',
  gitee: 'Gitee',
  gitlab: 'GitLab',
  wechat_open: '微信',
  wechat_enterprise: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
  qq: 'QQ',
};

export function socialLabel(source: string): string {
  return BRANDS[source] ?? source;
}

/** The server's list when it sends one (login settings), else the build's list. */
export function socialSources(fromServer: unknown, fromBuild: readonly string[]): string[] {
  const list = Array.isArray(fromServer) ? fromServer : fromBuild;
  return list.filter((s): s is string => typeof s === 'string' && /^[\w-]{1,32}$/.test(s));
}

export function socialAuthorizeUrl(apiBase: string, source: string, tenantId: string): string {
  return `${apiBase}/us-auth/oauth/render/${encodeURIComponent(source)}?tenantId=${encodeURIComponent(tenantId)}`;
}

export interface SocialCallback {
  source: string;
  code: string;
  state: string;
}

/** The provider's answer in the login page's query, if this is one. */
export function readSocialCallback(search: string, pendingSource: string | null): SocialCallback | undefined {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const source = params.get('source') || pendingSource;
  if (!code || !state || !source) return undefined;
  return { source, code, state };
}

export function rememberSocialSource(source: string): void {
  window.sessionStorage.setItem(PENDING_KEY, source);
}

export function pendingSocialSource(): string | null {
  return window.sessionStorage.getItem(PENDING_KEY);
}

export function forgetSocialSource(): void {
  window.sessionStorage.removeItem(PENDING_KEY);
}

/** The message /authredirect sends the window that opened it: the provider's answer, as its query string. */
export const AUTH_REDIRECT_MESSAGE = 'wb-auth-redirect';

/**
 * /authredirect, the relay page a third-party login returns to: it hands the provider's answer to
 * the window that opened it (which finishes the login) and closes; opened in place, it takes the
 * answer to the login page itself.
 */
export function relayAuthRedirect(win: Window = window): void {
  const search = win.location.search;
  const opener = win.opener as Window | null;
  if (opener && opener !== win) {
    opener.postMessage({ type: AUTH_REDIRECT_MESSAGE, search }, win.location.origin);
    win.close();
    return;
  }
  win.location.replace(`/login${search}`);
}

/** The login page's side: a relay's message from this origin finishes the login as a return from the provider would. */
export function listenForAuthRedirect(win: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; search?: unknown } | null;
    if (event.origin !== win.location.origin || data?.type !== AUTH_REDIRECT_MESSAGE || typeof data.search !== 'string') return;
    win.location.replace(`/login${data.search}`);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
