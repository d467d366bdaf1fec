import { describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { TokenResponse } from '@wb/contracts/auth';
import { createRequestClient, failureText, isSuccessBody, onServerFailure, RequestError, type Notify, type ServerFailure } from './request';

const TEXTS: Record<string, string> = {
  'request.unknownError': '未知错误',
  'request.cityNotLoggedIn': 'the city sub-application is not logged in',
  'request.sessionExpired': '登录已过期，请重新登录',
  'request.unauthorized': '请求未授权',
};

type Reply = { status: number; data?: unknown } | Error;
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/** A fake transport that settles like axios' own adapters do. */
function fakeAdapter(handler: Handler): AxiosAdapter {
  return async (config) => {
    const reply = await handler(config);
    if (reply instanceof Error) throw new AxiosError(reply.message, 'ERR_NETWORK', config);
    const response = { status: reply.status, statusText: '', headers: {}, config, data: reply.data };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      throw new AxiosError(`status ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
}

function setup(handler: Handler, options: { token?: string; refreshToken?: string; whitelist?: number[] } = {}) {
  const state = { token: options.token, refreshToken: options.refreshToken, tenantId: '000000' };
  const closers: (() => void)[] = [];
  const notify = vi.fn<Notify>((_kind, _text, onClose) => {
    closers.push(onClose);
  });
  const logout = vi.fn(() => {
    state.token = undefined;
    state.refreshToken = undefined;
  });
  const saveTokens = vi.fn((t: TokenResponse) => {
    state.token = t.access_token;
    state.refreshToken = t.refresh_token;
  });
  const client = createRequestClient({
    baseURL: '',
    timeout: 30_000,
    authorization: 'Basic d29ya2JlbmNoOndvcmtiZW5jaF9zZWNyZXQ=',
    tokenHeader: 'saas-auth',
    codeWhitelist: options.whitelist,
    adapter: fakeAdapter(handler),
    notify,
    t: (key) => TEXTS[key] ?? key,
    session: {
      accessToken: () => state.token,
      refreshToken: () => state.refreshToken,
      tenantId: () => state.tenantId,
      identity: () => ({ tenantId: state.tenantId, deptId: '10', roleId: '20' }),
      saveTokens,
      logout,
    },
  });
  const closeMessage = () => closers.splice(0).forEach((close) => close());
  return { client, notify, logout, saveTokens, state, closeMessage };
}

const ok = (data: unknown) => ({ status: 200, data: { code: 200, success: true, data, msg: '操作成功' } });

describe('body judgement', () => {
  it('counts code 200, code 0 and success true as success', () => {
    expect(isSuccessBody({ code: 200 })).toBe(true);
    expect(isSuccessBody({ code: 0 })).toBe(true);
    expect(isSuccessBody({ code: 1, success: true })).toBe(true);
    expect(isSuccessBody({ code: 400, success: false })).toBe(false);
    expect(isSuccessBody('<html>')).toBe(false);
  });

  it('takes msg, else error_description, else the fallback', () => {
    expect(failureText({ msg: '参数键名已存在', error_description: 'x' }, '未知错误')).toBe('参数键名已存在');
    expect(failureText({ error_description: '用户名或密码错误' }, '未知错误')).toBe('用户名或密码错误');
    expect(failureText({}, '未知错误')).toBe('未知错误');
  });
});

describe('request client', () => {
  it('sends Basic client auth, the bearer token header and the tenant', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    const { client } = setup(
      (config) => {
        seen = config;
        return ok([]);
      },
      { token: 'tok' },
    );
    await client.get('/us-system/param/list');
    expect(seen?.headers.get('Authorization')).toBe('Basic d29ya2JlbmNoOndvcmtiZW5jaF9zZWNyZXQ=');
    expect(seen?.headers.get('saas-auth')).toBe('bearer tok');
    expect(seen?.headers.get('Tenant-Id')).toBe('000000');
    expect(seen?.timeout).toBe(30_000);
  });

  it('resolves the envelope data on success (code 200, code 0 or success true)', async () => {
    const bodies = [ok({ a: 1 }).data, { code: 0, data: { a: 1 } }, { success: true, code: 201, data: { a: 1 } }];
    for (const body of bodies) {
      const { client, notify } = setup(() => ({ status: 200, data: body }));
      await expect(client.get('/x')).resolves.toEqual({ a: 1 });
      expect(notify).not.toHaveBeenCalled();
    }
  });

  it('rejects a whitelisted code with the raw response and shows nothing', async () => {
    const { client, notify } = setup(() => ({ status: 200, data: { code: 4001, success: false, msg: 'special' } }), { whitelist: [4001] });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 200, data: { code: 4001 } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('accepts a per-call whitelist too', async () => {
    const { client, notify } = setup(() => ({ status: 200, data: { code: 4002, success: false } }));
    await expect(client.get('/x', undefined, { codeWhitelist: [4002] })).rejects.toMatchObject({ data: { code: 4002 } });
    expect(notify).not.toHaveBeenCalled();
  });

  it("warns 'the city sub-application is not logged in' for code 101003", async () => {
    const { client, notify } = setup(() => ({ status: 200, data: { code: 101003, success: false, msg: 'server text' } }));
    await expect(client.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(notify).toHaveBeenCalledWith('warning', 'the city sub-application is not logged in', expect.any(Function));
  });

  it('warns with msg, else error_description, else 未知错误, and rejects', async () => {
    const cases: [unknown, string][] = [
      [{ code: 400, success: false, msg: '参数键名已存在' }, '参数键名已存在'],
      [{ error: 'invalid_grant', error_description: '用户名或密码错误' }, '用户名或密码错误'],
      [{ code: 500 }, '未知错误'],
    ];
    for (const [body, text] of cases) {
      const { client, notify } = setup(() => ({ status: 400, data: body }));
      await expect(client.get('/x')).rejects.toMatchObject({ message: text, kind: 'business' });
      expect(notify).toHaveBeenCalledWith('warning', text, expect.any(Function));
    }
  });

  it('shows one message at a time', async () => {
    const { client, notify, closeMessage } = setup(() => ({ status: 200, data: { code: 400, msg: 'bad' } }));
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(notify).toHaveBeenCalledTimes(1);
    closeMessage();
    await client.get('/d').catch(() => undefined);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('stays silent when the caller shows failures itself', async () => {
    const { client, notify } = setup(() => ({ status: 400, data: { error_description: '验证码不正确' } }));
    await expect(client.raw({ url: '/us-auth/oauth/token', method: 'post', silent: true, authCall: true })).rejects.toMatchObject({
      message: '验证码不正确',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('returns a raw body (token, captcha) on any 2xx', async () => {
    const { client } = setup(() => ({ status: 200, data: { key: 'k', image: 'data:image/svg+xml;base64,' } }));
    await expect(client.raw({ url: '/us-auth/oauth/captcha' })).resolves.toEqual({ key: 'k', image: 'data:image/svg+xml;base64,' });
  });

  it('rejects network errors without a message', async () => {
    const { client, notify } = setup(() => new Error('Network Error'));
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('treats statuses above 500 as transport errors', async () => {
    const { client, notify } = setup(() => ({ status: 502, data: 'Bad Gateway' }));
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows why when the server itself answers a status above 500 (its database or file storage is down)', async () => {
    const { client, notify } = setup(() => ({ status: 503, data: { code: 503, success: false, data: null, msg: '数据库暂不可用, 请稍后重试' } }));
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'network', status: 503, message: '数据库暂不可用, 请稍后重试' });
    expect(notify).toHaveBeenCalledWith('warning', '数据库暂不可用, 请稍后重试', expect.any(Function));
  });

  it('records every call the server failed with the request id it was sent with', async () => {
    const heard: ServerFailure[] = [];
    const stop = onServerFailure((f) => heard.push(f));
    const { client } = setup(() => ({ status: 500, data: { code: 500, success: false, data: null, msg: '操作失败' } }));
    const error = (await client.post('/us-x/save', { a: 1 }).catch((e: unknown) => e)) as RequestError;
    stop();
    expect(error.requestId).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(heard).toEqual([{ method: 'POST', url: '/us-x/save', status: 500, message: '操作失败', requestId: error.requestId }]);
  });
});

describe('401 and token refresh', () => {
  const refreshed = { access_token: 'new', refresh_token: 'r2', expires_in: 3600 } as TokenResponse;

  it('logs out locally on 401 when there is nothing to refresh with', async () => {
    const { client, logout, notify } = setup(() => ({ status: 401, data: { code: 401, msg: '请求未授权' } }), { token: 'tok' });
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('queues concurrent 401s behind one refresh and retries them with the new token', async () => {
    const tokenCalls: InternalAxiosRequestConfig[] = [];
    const { client, saveTokens, logout } = setup(
      async (config) => {
        if (config.url === '/us-auth/oauth/token') {
          tokenCalls.push(config);
          await new Promise((r) => setTimeout(r, 10));
          return { status: 200, data: refreshed };
        }
        const sent = config.headers.get('saas-auth');
        return sent === 'bearer new' ? ok(config.url) : { status: 401, data: { code: 401, msg: 'expired' } };
      },
      { token: 'old', refreshToken: 'r1' },
    );
    const results = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(results).toEqual(['/a', '/b', '/c']);
    expect(tokenCalls).toHaveLength(1);
    // the refresh token travels in a form body, never in the URL (which logs keep)
    expect(tokenCalls[0].params).toBeUndefined();
    expect(tokenCalls[0].headers.getContentType()).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(tokenCalls[0].data as string))).toEqual({ grant_type: 'refresh_token', refresh_token: 'r1', tenantId: '000000', scope: 'all' });
    expect(tokenCalls[0].headers.get('Dept-Id')).toBe('10');
    expect(tokenCalls[0].headers.get('Role-Id')).toBe('20');
    expect(saveTokens).toHaveBeenCalledTimes(1);
    expect(logout).not.toHaveBeenCalled();
  });

  it('retries without refreshing again when a refresh finished while the call was in flight', async () => {
    let tokenCalls = 0;
    const { client, state } = setup(
      (config) => {
        if (config.url === '/us-auth/oauth/token') {
          tokenCalls++;
          return { status: 200, data: refreshed };
        }
        return config.headers.get('saas-auth') === 'bearer new' ? ok('fine') : { status: 401, data: { code: 401 } };
      },
      { token: 'old', refreshToken: 'r1' },
    );
    const first = client.get('/a');
    state.token = 'new';
    await expect(first).resolves.toBe('fine');
    expect(tokenCalls).toBe(0);
  });

  it('logs out once with one message when the refresh fails', async () => {
    let tokenCalls = 0;
    const { client, logout, notify } = setup(
      (config) => {
        if (config.url === '/us-auth/oauth/token') {
          tokenCalls++;
          return { status: 400, data: { error: 'invalid_grant', error_description: '刷新令牌无效或已过期' } };
        }
        return { status: 401, data: { code: 401 } };
      },
      { token: 'old', refreshToken: 'r1' },
    );
    const results = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(tokenCalls).toBe(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('warning', '登录已过期，请重新登录', expect.any(Function));
  });

  it('never refreshes or logs out on the token call itself', async () => {
    const { client, logout } = setup(() => ({ status: 401, data: { error: 'unauthorized', error_description: '用户名或密码错误' } }), {
      token: 'tok',
      refreshToken: 'r1',
    });
    await expect(client.raw({ url: '/us-auth/oauth/token', method: 'post', authCall: true, silent: true })).rejects.toMatchObject({
      message: '用户名或密码错误',
    });
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('one message at a time', () => {
  it('shows a burst of failures once, and a later failure even if the first message never reported closing', async () => {
    vi.useFakeTimers();
    try {
      const notify = vi.fn<Notify>();
      const client = createRequestClient({
        baseURL: '',
        timeout: 30_000,
        authorization: 'Basic x',
        tokenHeader: 'saas-auth',
        adapter: fakeAdapter(() => ({ status: 400, data: { code: 400, success: false, msg: '验证码错误或已失效' } })),
        session: {
          accessToken: () => undefined,
          refreshToken: () => undefined,
          tenantId: () => '000000',
          identity: () => ({ tenantId: '000000' }),
          saveTokens: () => {},
          logout: () => {},
        },
        notify,
        t: (key) => TEXTS[key] ?? key,
        messageBurstMs: 300,
      });
      await expect(client.get('/a')).rejects.toThrow('验证码错误或已失效');
      await expect(client.get('/a')).rejects.toThrow();
      expect(notify).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(300);
      await expect(client.get('/a')).rejects.toThrow();
      expect(notify).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
