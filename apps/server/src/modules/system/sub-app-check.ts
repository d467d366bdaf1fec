import type { FastifyInstance } from 'fastify';
import type { ActionReport } from '@wb/contracts/resource';
import { subAppEntry } from '@wb/contracts/resources/sub-app';
import { badRequest } from '../../platform/envelope';
import { type Outbound, reasonOf, refusalOf } from '../../platform/outbound';

/**
 * 子应用管理 → 测试加载: fetches a registered app's entry the way the shell will (as
 * a browser asking for a page, from the shell's origin) and reports what it found:
 * whether the page answers, its scripts and styles answer, the browser may read them
 * across origins (CORS) and run them (the shell's Content-Security-Policy), and
 * whether the app defines wujie's lifecycle. What it cannot see from the server
 * (the router mode) it says the shell detects. It answers what a browser would see of
 * the answers, never their bodies; an entry the outbound guard refuses is a 400 naming
 * `host`, a script or style it refuses an item that says so.
 */

const TIMEOUT_MS = 5000;
const MAX_ASSETS = 30;
/** bytes of scripts read to look for the lifecycle functions */
const MAX_SCAN = 4 * 1024 * 1024;

/** What the check reads of an answer. */
export interface Answer {
  status: number;
  type: string;
  allowOrigin: string | null;
  body: string;
}

/** Requests `url` with `headers` (a browser's accept and origin), reading its body when `read`. */
export type Load = (url: string, headers: Record<string, string>, read: boolean) => Promise<Answer>;

/**
 * How the check requests an address: one of the shell's own origin is answered by this
 * server itself (inject), anything else goes out through the outbound guard, each redirect
 * hop checked. The shell's origin comes from the caller's Origin or Host header, so it may
 * name any address; all it decides is which requests never leave this process.
 */
export function loaderFor(app: FastifyInstance, outbound: Outbound, shellOrigin: string): Load {
  return async (url, headers, read) => {
    const u = new URL(url);
    if (u.origin === shellOrigin) {
      const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers });
      const allowOrigin = res.headers['access-control-allow-origin'];
      return {
        status: res.statusCode,
        type: String(res.headers['content-type'] ?? ''),
        allowOrigin: allowOrigin === undefined ? null : String(allowOrigin),
        body: read ? res.body : '',
      };
    }
    const res = await outbound.fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = read ? await res.text() : (await res.body?.cancel(), '');
    return { status: res.status, type: res.headers.get('content-type') ?? '', allowOrigin: res.headers.get('access-control-allow-origin'), body };
  };
}

async function get(load: Load, url: string, shellOrigin: string, accept: string, read: boolean): Promise<Answer & { ms: number }> {
  const started = performance.now();
  const answer = await load(url, { accept, origin: shellOrigin }, read);
  return { ...answer, ms: Math.round(performance.now() - started) };
}

function why(error: unknown): string {
  const reason = reasonOf(error);
  return reason === 'timeout' ? `${TIMEOUT_MS / 1000} 秒内无应答` : reason;
}

/** An attribute's value, quoted or not (minified pages leave the quotes out). */
function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** `<script src>` (module or classic) and stylesheet `<link href>` of a page, absolute against its address. */
export function assetsOf(html: string, base: string): { scripts: string[]; styles: string[]; inline: string[] } {
  const abs = (v: string) => {
    try {
      return new URL(v, base).href;
    } catch {
      return undefined;
    }
  };
  const scripts: string[] = [];
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1], 'src');
    if (src) {
      const url = abs(src);
      if (url) scripts.push(url);
    } else inline.push(m[2]);
  }
  const styles: string[] = [];
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    if (!/\srel\s*=\s*["']?stylesheet/i.test(m[1])) continue;
    const href = attr(m[1], 'href');
    const url = href && abs(href);
    if (url) styles.push(url);
  }
  return { scripts, styles, inline };
}

/** Whether a page of `origin` may read an answer that says `allowOrigin`. */
const readable = (allowOrigin: string | null, origin: string) => allowOrigin === '*' || allowOrigin === origin;

export interface CheckInput {
  host: string;
  routerMode: string;
  /** the shell's origin as the browser sees it */
  shellOrigin: string;
  /** origins the shell's Content-Security-Policy lets load scripts (CORS_ORIGINS) */
  allowedOrigins: readonly string[];
  /** how addresses are requested (loaderFor) */
  load: Load;
}

export async function checkSubApp({ host, routerMode, shellOrigin, allowedOrigins, load }: CheckInput): Promise<ActionReport> {
  if (!host.trim()) return { ok: false, summary: '未填写应用地址: 壳将显示"尚未部署"', items: [] };
  const entry = subAppEntry(host, shellOrigin);
  const items: ActionReport['items'] = [{ label: '入口地址', value: entry }];
  const crossOrigin = new URL(entry).origin !== shellOrigin;
  const fail = (summary: string): ActionReport => ({ ok: false, summary, items });

  let page: Answer & { ms: number };
  try {
    page = await get(load, entry, shellOrigin, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', true);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) throw badRequest(refused.message, 'host');
    items.push({ label: '页面', value: why(error), ok: false });
    return fail(`入口无法访问: ${entry}`);
  }
  const isPage = page.status < 400 && /html/i.test(page.type);
  items.push({ label: '页面', value: `HTTP ${page.status} · ${page.type || '无类型'} · ${page.ms} ms`, ok: isPage });
  if (!isPage) return fail(`入口没有返回页面: HTTP ${page.status} ${entry}`);
  if (crossOrigin) {
    const cors = readable(page.allowOrigin, shellOrigin);
    items.push({ label: '跨域读取 (CORS)', value: page.allowOrigin ? `Access-Control-Allow-Origin: ${page.allowOrigin}` : '未返回 Access-Control-Allow-Origin', ok: cors });
    const csp = allowedOrigins.includes(new URL(entry).origin);
    items.push({ label: '内容安全策略', value: csp ? '该来源已在 CORS_ORIGINS 中' : `请在服务器的 CORS_ORIGINS 中加入 ${new URL(entry).origin}`, ok: csp });
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(page.body)?.[1]?.trim();
  if (title) items.push({ label: '标题', value: title });

  const { scripts, styles, inline } = assetsOf(page.body, entry);
  let scanned = inline.join('\n');
  let broken = 0;
  for (const [kind, list] of [
    ['脚本', scripts],
    ['样式', styles],
  ] as const) {
    for (const url of list.slice(0, MAX_ASSETS)) {
      try {
        const asset = await get(load, url, shellOrigin, '*/*', kind === '脚本' && scanned.length < MAX_SCAN);
        const ok = asset.status < 400 && (new URL(url).origin === shellOrigin || readable(asset.allowOrigin, shellOrigin));
        if (!ok) broken++;
        items.push({ label: kind, value: `${url} · HTTP ${asset.status}${ok || asset.status >= 400 ? '' : ' · 缺少 CORS'}`, ok });
        scanned += asset.body;
      } catch (error) {
        broken++;
        items.push({ label: kind, value: `${url} · ${why(error)}`, ok: false });
      }
    }
  }
  const lifecycle = scanned.includes('__WUJIE_MOUNT');
  items.push({ label: '无界生命周期', value: lifecycle ? '已定义 __WUJIE_MOUNT / __WUJIE_UNMOUNT' : '未找到 __WUJIE_MOUNT: 应用将在脚本执行时直接渲染', ok: lifecycle });
  items.push({ label: '路由模式', value: routerMode || '自动识别 (首次挂载时识别并记住)' });
  const blocked = items.some((i) => i.ok === false && i.label !== '无界生命周期');
  const summary = blocked
    ? `入口可访问, 但有 ${broken || '部分'} 项无法加载, 详见下方`
    : `加载正常: 脚本 ${scripts.length} 个, 样式 ${styles.length} 个${lifecycle ? ', 已接入无界生命周期' : ''}`;
  return { ok: !blocked, summary, items };
}
