import { REQUEST_TIMEOUT_MS } from '@wb/contracts/constants';
import { appEnv, basicAuthorization } from '../../../shared/env';
import { failureText, isSuccessBody } from '../../../shared/response-body';

/** A refused call before sign-in: the server's words, and its body (the social login reads `error`). */
export class AuthCallError extends Error {
  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'AuthCallError';
  }
}

/**
 * The calls made before anyone signs in (login settings, captcha, token) use fetch,
 * not the request client: the login document must work on a few KB of JavaScript,
 * and axios alone is 14 KB gzipped. They carry the client's credentials as every
 * call does. `envelope`: the body is the envelope and its data is the answer;
 * otherwise (OAuth answers, the captcha) any 2xx body is.
 */
export async function authFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: URLSearchParams; json?: object; headers?: Record<string, string>; envelope?: boolean } = {},
): Promise<T> {
  const res = await fetch(`${appEnv.apiBase}${path}`, {
    method: init.method ?? (init.body || init.json ? 'POST' : 'GET'),
    body: init.json ? JSON.stringify(init.json) : init.body,
    headers: { Authorization: basicAuthorization(), ...(init.json ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (init.envelope ? isSuccessBody(body) : res.ok) return (init.envelope ? (body as { data: T }).data : body) as T;
  throw new AuthCallError(failureText(body, `HTTP ${res.status}`), body);
}
