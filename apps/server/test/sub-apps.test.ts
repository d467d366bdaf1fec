import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

/**
 * 子应用管理's actions: 测试加载 fetches a registered app's entry as the shell will and
 * reports what it found; 生成菜单 makes the app's top menu and menus, granted, so the
 * next menu load shows them. The app is served by a real HTTP server on its own origin.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
let origin: Server;
let appOrigin = '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

/** A deployed Vue 2 app as vue-cli builds it: a minified page, relative scripts; CORS only where `cors`. */
function serveApp(): Server {
  return createServer((req, res) => {
    const cors = !req.url?.startsWith('/nocors/');
    if (cors) res.setHeader('access-control-allow-origin', '*');
    if (req.url?.endsWith('/js/app.js')) {
      res.setHeader('content-type', 'application/javascript');
      return res.end('window.__WUJIE_MOUNT = function () {}; window.__WUJIE_UNMOUNT = function () {};');
    }
    if (req.url === '/vue2/' || req.url === '/nocors/') {
      res.setHeader('content-type', 'text/html');
      return res.end(
        '<!doctype html><html><head><title>积分工单</title><script defer src=./js/app.js></script><script defer src=./js/missing.js></script></head><body><div id=app></div></body></html>',
      );
    }
    res.statusCode = 404;
    res.end('not found');
  });
}

async function register(serviceName: string, host: string): Promise<string> {
  const res = await admin.call({
    method: 'POST',
    url: '/us-system/sub-app/submit',
    payload: { name: `${serviceName}应用`, serviceName, prefix: `/${serviceName}`, host, defaultPath: 'a/b/c', routerMode: 'hash' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const testLoad = async (id: string) => (await admin.call({ method: 'POST', url: '/us-system/sub-app/test-load', query: { id } })).json() as Rec;

beforeAll(async () => {
  origin = serveApp();
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  // the apps are served on this machine: the operator allows it
  t = await testApp({ corsOrigins: [appOrigin], outboundAllow: ['127.0.0.1', 'localhost'] });
  admin = await as(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => origin.close(resolve));
});

describe('测试加载', () => {
  it('reports the page, each script, CORS, the policy and the lifecycle; a missing script fails the check', async () => {
    const body = await testLoad(await register('vue2', `${appOrigin}/vue2`));
    expect(body.success).toBe(true);
    const report = body.data;
    const item = (label: string) => report.items.filter((i: Rec) => i.label === label);
    expect(item('入口地址')[0].value).toBe(`${appOrigin}/vue2/`);
    expect(item('页面')[0]).toMatchObject({ ok: true });
    expect(item('标题')[0].value).toBe('积分工单');
    expect(item('跨域读取 (CORS)')[0]).toMatchObject({ ok: true, value: 'Access-Control-Allow-Origin: *' });
    expect(item('内容安全策略')[0]).toMatchObject({ ok: true });
    expect(item('脚本')).toEqual([
      { label: '脚本', value: `${appOrigin}/vue2/js/app.js · HTTP 200`, ok: true },
      { label: '脚本', value: `${appOrigin}/vue2/js/missing.js · HTTP 404`, ok: false },
    ]);
    expect(item('无界生命周期')[0]).toMatchObject({ ok: true });
    expect(item('路由模式')[0].value).toBe('hash');
    expect(report.ok).toBe(false);
    expect(body.msg).toBe(report.summary);
  });

  it('names what the browser would refuse: no CORS answer, an origin the policy does not list, an entry that is not there', async () => {
    const nocors = (await testLoad(await register('nocors', `${appOrigin}/nocors/`))).data;
    expect(nocors.items.find((i: Rec) => i.label === '跨域读取 (CORS)')).toMatchObject({ ok: false, value: '未返回 Access-Control-Allow-Origin' });

    const elsewhere = (await testLoad(await register('elsewhere', 'http://localhost:9/app/'))).data;
    expect(elsewhere).toMatchObject({ ok: false, summary: '入口无法访问: http://localhost:9/app/' });

    const gone = (await testLoad(await register('gone', `${appOrigin}/gone/`))).data;
    expect(gone.summary).toBe(`入口没有返回页面: HTTP 404 ${appOrigin}/gone/`);
  });
});

describe('生成菜单', () => {
  it("makes the app's top menu and menus once, granted to the administrator: the next menu load shows them", async () => {
    const id = await register('orders', `${appOrigin}/vue2/`);
    for (let i = 0; i < 2; i++) {
      const res = await admin.call({ method: 'POST', url: '/us-system/sub-app/create-menus', query: { id } });
      expect(res.json()).toMatchObject({ success: true, msg: '菜单已生成: orders应用 (/orders/a/b/c), 重新加载菜单后可见' });
    }
    const tops = (await admin.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data as Rec[];
    const top = tops.filter((m) => m.name === 'orders应用');
    expect(top).toHaveLength(1);
    const routes = (await admin.call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: top[0].id } })).json().data as Rec[];
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ path: '/orders', name: 'orders应用' });
    expect(routes[0].children.map((c: Rec) => c.path)).toEqual(['/orders/a/b/c']);
  });
});
