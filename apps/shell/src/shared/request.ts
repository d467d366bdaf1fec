import axios, { type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { R } from '@wb/contracts/envelope';
import type { TokenResponse } from '@wb/contracts/auth';
import { CODE_CITY_NOT_LOGGED_IN, DEFAULT_TENANT_ID, REQUEST_ID_HEADER, REQUEST_TIMEOUT_MS, TENANT_HEADER } from '@wb/contracts/constants';
import { fileNameFromDisposition, type Download } from '@wb/resource-ui/download';
import { appEnv, basicAuthorization } from './env';
import { useSession } from './session-store';
import { feedback } from './feedback';
import { i18n } from './i18n/i18n';
import { localLogout } from './local-logout';
import { failureText, isSuccessBody, type Body } from './response-body';

export { failureText, isSuccessBody };

/**
 * The shell's request rules in one place: headers, how a body
 * is judged, which failures show a message, 401 handling and token refresh.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** the body is not the envelope (token, captcha): any 2xx answer is a success */
    raw?: boolean;
    /** the caller shows failures itself; no message from here */
    silent?: boolean;
    /** the token call itself: its 401 means bad credentials, never refresh or logout */
    authCall?: boolean;
    /** body codes that reject with the raw response, in addition to the client's list */
    codeWhitelist?: number[];
    /** set on the one retry after a token refresh */
    retried?: boolean;
  }
}

export type MessageKind = 'warning' | 'error';
export type Notify = (kind: MessageKind, text: string, onClose: () => void) => void;

export interface SessionPort {
  accessToken(): string | undefined;
  refreshToken(): string | undefined;
  tenantId(): string | undefined;
  /** what a refresh sends besides the refresh token */
  identity(): { tenantId: string; deptId?: string; roleId?: string };
  saveTokens(token: TokenResponse): void;
  /** local logout: forget the session and go to /login, which says why */
  logout(reason: string): void;
}

export interface RequestClientOptions {
  baseURL: string;
  timeout: number;
  /** value of the Authorization header (Basic client credentials) */
  authorization: string;
  tokenHeader: string;
  codeWhitelist?: number[];
  session: SessionPort;
  notify: Notify;
  t: (key: string) => string;
  /** unit tests answer requests with a fake adapter */
  adapter?: AxiosAdapter;
  /** failures within this time of a shown message are one burst: not shown again */
  messageBurstMs?: number;
}

const MESSAGE_BURST_MS = 300;

export type FailureKind = 'business' | 'unauthorized' | 'network';

export class RequestError extends Error {
  /** the X-Request-Id the call was sent with: the administrators' log explorer finds it by this */
  requestId?: string;
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly status?: number,
    readonly code?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** A call the server failed (5xx): what the shell's error log records about it. */
export interface ServerFailure {
  method: string;
  url: string;
  status: number;
  message: string;
  requestId: string;
}

const serverFailureListeners = new Set<(f: ServerFailure) => void>();

/** Hears every call the server failed (the error log records them with their request id); returns the unsubscribe. */
export function onServerFailure(listener: (f: ServerFailure) => void): () => void {
  serverFailureListeners.add(listener);
  return () => serverFailureListeners.delete(listener);
}

/** A fresh request id: a uuid where the browser makes them (secure contexts), else 32 random hex digits. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function bodyCode(body: unknown): number | undefined {
  const code = (body as Body)?.code;
  return typeof code === 'number' ? code : undefined;
}

export function createRequestClient(options: RequestClientOptions) {
  const { session, notify, t, tokenHeader } = options;
  const whitelist = new Set(options.codeWhitelist ?? []);
  const base = { baseURL: options.baseURL, timeout: options.timeout, adapter: options.adapter };
  // Statuses 200–500 are answers to judge by their body, not transport errors.
  const instance = axios.create({ ...base, validateStatus: (s) => s >= 200 && s <= 500 });
  // The refresh call must not pass through the interceptors that would refresh again.
  const bare = axios.create(base);

  let messageOpen = false;
  let shownAt = Number.NEGATIVE_INFINITY;
  /**
   * Several failures at once show one message: a burst of failures
   * shows the first. A later failure is shown even while that message is still
   * up: the app opens them under one key, so it replaces it (one at a time),
   * and a message pushed out by another one (maxCount 1) never reports closing.
   */
  function showOnce(kind: MessageKind, text: string): void {
    const now = Date.now();
    if (messageOpen && now - shownAt < (options.messageBurstMs ?? MESSAGE_BURST_MS)) return;
    messageOpen = true;
    shownAt = now;
    notify(kind, text, () => {
      messageOpen = false;
    });
  }

  let refreshing: Promise<string> | null = null;

  /** One refresh at a time: concurrent 401s wait for the same one (the refresh token rotates). */
  function refresh(): Promise<string> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function doRefresh(): Promise<string> {
    const refreshToken = session.refreshToken();
    if (!refreshToken) throw new RequestError(t('request.sessionExpired'), 'unauthorized', 401);
    const { tenantId, deptId, roleId } = session.identity();
    const headers: Record<string, string> = { Authorization: options.authorization, [TENANT_HEADER]: tenantId };
    if (deptId) headers['Dept-Id'] = deptId;
    if (roleId) headers['Role-Id'] = roleId;
    const res = await bare.request<TokenResponse>({
      method: 'post',
      url: '/us-auth/oauth/token',
      // a form body (OAuth2): a refresh token in the URL would end up in server and proxy logs
      data: new URLSearchParams({ tenantId, refresh_token: refreshToken, grant_type: 'refresh_token', scope: 'all' }),
      headers,
    });
    if (!res.data?.access_token) throw new RequestError(t('request.sessionExpired'), 'unauthorized', res.status);
    session.saveTokens(res.data);
    return res.data.access_token;
  }

  /** Local logout once, however many calls fail together: the first clears the token. */
  function logoutOnce(text: string): void {
    if (!session.accessToken()) return;
    showOnce('warning', text);
    session.logout(text);
  }

  function sentToken(config: InternalAxiosRequestConfig): string | undefined {
    const value = config.headers?.get?.(tokenHeader);
    return typeof value === 'string' ? value.replace(/^bearer /, '') : undefined;
  }

  async function onUnauthorized(res: AxiosResponse): Promise<AxiosResponse> {
    const config = res.config;
    const current = session.accessToken();
    if (current && !config.retried) {
      // A refresh finished while this call was in flight: only retry.
      if (sentToken(config) !== current) return instance.request({ ...config, retried: true });
      if (session.refreshToken()) {
        try {
          await refresh();
        } catch {
          const text = t('request.sessionExpired');
          logoutOnce(text);
          throw new RequestError(text, 'unauthorized', 401, 401, res.data);
        }
        return instance.request({ ...config, retried: true });
      }
    }
    const text = failureText(res.data, t('request.unauthorized'));
    logoutOnce(text);
    throw new RequestError(text, 'unauthorized', 401, 401, res.data);
  }

  instance.interceptors.request.use((config) => {
    const headers = config.headers;
    if (!headers.has('Authorization')) headers.set('Authorization', options.authorization);
    const token = session.accessToken();
    if (token) headers.set(tokenHeader, `bearer ${token}`);
    const tenantId = session.tenantId();
    if (tenantId && !headers.has(TENANT_HEADER)) headers.set(TENANT_HEADER, tenantId);
    // each call its own id, carried through the server's API and error logs (a retry keeps it)
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, newRequestId());
    return config;
  });

  /** The failure as thrown, with its request id; a failure of the server itself is also told to the listeners. */
  function failed(error: RequestError, config: InternalAxiosRequestConfig | undefined): RequestError {
    const requestId = config?.headers?.get?.(REQUEST_ID_HEADER);
    if (typeof requestId === 'string') error.requestId = requestId;
    const status = Math.max(error.status ?? 0, error.code ?? 0);
    if (error.requestId && status >= 500) {
      const failure = { method: (config?.method ?? 'get').toUpperCase(), url: config?.url ?? '', status, message: error.message, requestId: error.requestId };
      for (const listener of serverFailureListeners) listener(failure);
    }
    return error;
  }

  instance.interceptors.response.use(
    async (res) => {
      const config = res.config;
      const body: unknown = res.data;
      if (!config.authCall && (res.status === 401 || bodyCode(body) === 401)) return onUnauthorized(res);
      if (config.raw ? res.status < 300 : isSuccessBody(body)) return res;
      const code = bodyCode(body);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a whitelisted code hands its caller the raw response to read
      if (code !== undefined && (whitelist.has(code) || config.codeWhitelist?.includes(code))) return Promise.reject(res);
      const text = code === CODE_CITY_NOT_LOGGED_IN ? t('request.cityNotLoggedIn') : failureText(body, t('request.unknownError'));
      if (!config.silent) showOnce('warning', text);
      throw failed(new RequestError(text, 'business', res.status, code ?? res.status, body), config);
    },
    (error: unknown) => {
      if (error instanceof RequestError) throw error;
      const message = error instanceof Error ? error.message : 'Network Error';
      // a status above 500 arrives here as axios's error, with its response: a transport failure,
      // unless the server itself answered why (its envelope: the database or file storage is down)
      const res = (error as { response?: AxiosResponse; config?: InternalAxiosRequestConfig }) ?? {};
      const said = res.response && bodyCode(res.response.data) !== undefined ? failureText(res.response.data, '') : '';
      if (said && !res.config?.silent) showOnce('warning', said);
      throw failed(new RequestError(said || message, 'network', res.response?.status, bodyCode(res.response?.data), res.response?.data), res.config);
    },
  );

  return {
    instance,
    refresh,
    isRefreshing: () => refreshing !== null,
    /** GET an envelope call and return its data */
    async get<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig): Promise<T> {
      const res = await instance.get<R<T>>(url, { ...config, params });
      return res.data.data;
    },
    /** POST an envelope call and return its data */
    async post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T> {
      const res = await instance.post<R<T>>(url, data, config);
      return res.data.data;
    },
    /** the whole envelope, when the caller needs msg */
    async envelope<T>(config: AxiosRequestConfig): Promise<R<T>> {
      const res = await instance.request<R<T>>(config);
      return res.data;
    },
    /**
     * A file the server streams back (an export, an error file) with the name its Content-Disposition
     * gives. Silent: a failure's envelope arrives inside a Blob, for the caller to read or not.
     */
    async download(url: string, params?: Record<string, unknown>): Promise<Download> {
      const res = await instance.get<Blob>(url, { params, responseType: 'blob', raw: true, silent: true });
      const disposition = res.headers['content-disposition'];
      return { blob: res.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : undefined) };
    },
    /**
     * A call whose answer is read as it arrives (server-sent events), with the session's headers:
     * fetch, since axios in a browser hands over no body before it ends.
     */
    stream(url: string, signal: AbortSignal): Promise<Response> {
      const headers: Record<string, string> = { Authorization: options.authorization, Accept: 'text/event-stream' };
      const token = session.accessToken();
      if (token) headers[options.tokenHeader] = `bearer ${token}`;
      const tenantId = session.tenantId();
      if (tenantId) headers[TENANT_HEADER] = tenantId;
      return fetch(`${options.baseURL}${url}`, { headers, signal, cache: 'no-store' });
    },
    /** a call whose body is not the envelope */
    async raw<T>(config: AxiosRequestConfig): Promise<T> {
      const res = await instance.request<T>({ ...config, raw: true });
      return res.data;
    },
  };
}

export type RequestClient = ReturnType<typeof createRequestClient>;

/** Keys of the request client's messages (see notify). */
let requestMessages = 0;

/** The app's client, bound to the session store, antd messages and i18n. */
export const http: RequestClient = createRequestClient({
  baseURL: appEnv.apiBase,
  timeout: REQUEST_TIMEOUT_MS,
  authorization: basicAuthorization(),
  tokenHeader: appEnv.tokenHeader,
  codeWhitelist: [...appEnv.codeWhitelist],
  session: {
    accessToken: () => useSession.getState().token,
    refreshToken: () => useSession.getState().refreshToken,
    tenantId: () => useSession.getState().tenantId,
    identity: () => {
      const s = useSession.getState();
      return { tenantId: s.tenantId ?? DEFAULT_TENANT_ID, deptId: s.userInfo?.dept_id, roleId: s.userInfo?.role_id };
    },
    saveTokens: (token) => useSession.getState().applyTokens(token),
    logout: (reason) => localLogout({ keepTarget: true, notice: { kind: 'warning', text: reason } }),
  },
  notify: (kind, text, onClose) => {
    // The root instance: a 401 logs out and unmounts the layout's themed one. Its
    // maxCount 1 keeps one message on screen. Each message has its own key: reusing
    // one whose notice another message had just pushed out could leave the new
    // message hidden (rc-motion ends the old notice's leave after the key came back).
    void feedback().rootMessage.open({ type: kind, content: text, key: `request-message-${++requestMessages}`, onClose });
  },
  t: (key) => i18n.t(key),
});
