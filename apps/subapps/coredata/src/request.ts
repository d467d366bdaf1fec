import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { R } from '@wb/contracts/envelope';
import { REQUEST_TIMEOUT_MS, TENANT_HEADER, TOKEN_HEADER } from '@wb/contracts/constants';
import type { ResourceMessages, ResourceTransport } from '@wb/resource-ui/host';
import { blobErrorText, fileNameFromDisposition } from '@wb/resource-ui/download';
import { i18n } from './i18n';
import { session } from './session';
import { wujieProps } from './wujie';

/**
 * The app's request client: the shell's request rules (apps/shell/src/shared/request.ts)
 * for a sub-app. Headers are computed at call time from the session; a failure shows
 * the server's message once and rejects.
 */

const CLIENT_ID = import.meta.env.VITE_CLIENT_ID || 'workbench';
const CLIENT_SECRET = import.meta.env.VITE_CLIENT_SECRET || 'workbench_secret';
export const BASIC_AUTHORIZATION = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** antd's message bound to the app's context, registered by the app root. */
let messages: ResourceMessages | null = null;
export function setMessages(api: ResourceMessages | null): void {
  messages = api;
}

let shown = false;
/** Several failures at once show one message: the first; others within 1.5 s are dropped. */
function warnOnce(text: string): void {
  if (shown || !messages) return;
  shown = true;
  void messages.warning(text);
  setTimeout(() => {
    shown = false;
  }, 1500);
}

function failureText(body: unknown, fallback: string): string {
  const b = (body && typeof body === 'object' ? body : {}) as { msg?: unknown; error_description?: unknown };
  if (typeof b.msg === 'string' && b.msg) return b.msg;
  if (typeof b.error_description === 'string' && b.error_description) return b.error_description;
  return fallback;
}

function isSuccess(body: unknown): boolean {
  const b = body as { code?: unknown; success?: unknown } | null;
  return !!b && (b.success === true || b.code === 200 || b.code === 0);
}

export const client = axios.create({ timeout: REQUEST_TIMEOUT_MS, validateStatus: (s) => s >= 200 && s <= 500 });

client.interceptors.request.use((config) => {
  config.baseURL = session.apiBase();
  const headers = config.headers;
  if (!headers.has('Authorization')) headers.set('Authorization', BASIC_AUTHORIZATION);
  const token = session.token();
  if (token) headers.set(TOKEN_HEADER, `bearer ${token}`);
  if (!headers.has(TENANT_HEADER)) headers.set(TENANT_HEADER, session.tenantId());
  return config;
});

client.interceptors.response.use(
  async (res: AxiosResponse) => {
    const body: unknown = res.data;
    const isBlob = typeof Blob !== 'undefined' && body instanceof Blob;
    if (isBlob ? res.status < 300 : isSuccess(body)) return res;
    const bodyOrJson = isBlob ? await blobErrorText(body, '') : '';
    const code = isBlob ? undefined : (body as { code?: unknown })?.code;
    if (res.status === 401 || code === 401) {
      const text = bodyOrJson || failureText(body, i18n.t('request.sessionExpired'));
      warnOnce(text);
      // The session is the host's: standalone the login form comes back; in the shell, the shell logs out.
      session.logout();
      throw new RequestError(text, 401, body);
    }
    const text = bodyOrJson || failureText(body, i18n.t('request.unknownError'));
    warnOnce(text);
    throw new RequestError(text, res.status, body);
  },
  (error: unknown) => {
    if (error instanceof RequestError) throw error;
    const text = i18n.t('request.network');
    warnOnce(text);
    throw new RequestError(error instanceof Error ? error.message : text);
  },
);

export async function get<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig): Promise<T> {
  const res = await client.get<R<T>>(url, { ...config, params });
  return res.data.data;
}

export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const res = await client.post<R<T>>(url, body, config);
  return res.data.data;
}

/** The resource UI's transport over this client. */
export const transport: ResourceTransport = {
  get: (url, params) => get(url, params),
  post: (url, body, params) => post(url, body, { params }),
  upload: (url, form) => post(url, form),
  // inside the shell, picture fields upload through the shell's signed-URL flow; on its own, the app posts them to put-file
  get uploadFile() {
    return wujieProps().uploadBySignedUrl;
  },
  async download(url, params) {
    const res = await client.get<Blob>(url, { params, responseType: 'blob' });
    const disposition: unknown = res.headers['content-disposition'];
    return { blob: res.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : undefined) };
  },
};
