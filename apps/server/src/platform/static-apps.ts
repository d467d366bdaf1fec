import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOCK_DOCUMENT_FILE, STATUS_DOCUMENTS, statusDocumentFile } from '@wb/contracts/page-documents';

/** Built front ends this server publishes: the shell at /, each sub-app at /subapps/<name>/. */
export interface StaticApp {
  prefix: string;
  dir: string;
}

export function findStaticApps(shellDir: string | undefined, subappsDir: string | undefined): StaticApp[] {
  const found: StaticApp[] = [];
  if (subappsDir && existsSync(subappsDir)) {
    for (const name of readdirSync(subappsDir)) {
      const dist = resolve(subappsDir, name, 'dist');
      if (existsSync(join(dist, 'index.html'))) found.push({ prefix: `/subapps/${name}/`, dir: dist });
    }
  }
  if (shellDir && existsSync(join(shellDir, 'index.html'))) found.push({ prefix: '/', dir: resolve(shellDir) });
  return found;
}

/**
 * Whether a sub-app address is served, as far as this server knows: a path under /subapps/ is
 * when this server publishes sub-apps (SUBAPPS_DIR) and found that one built; any other address
 * (another origin, a path a proxy serves) is taken on trust.
 */
export function publishedSubApps(subappsDir: string | undefined): (host: string) => boolean {
  if (!subappsDir) return () => true;
  const served = new Set(findStaticApps(undefined, subappsDir).map((a) => a.prefix));
  return (host) => {
    const local = /^\/subapps\/[^/?#]+/.exec(host);
    return !local || served.has(`${local[0]}/`);
  };
}

/**
 * Serves the apps. Hashed assets are cached for good; pages (index.html) never are.
 * Sub-app files answer any origin, as the shell (wujie) on another origin fetches their
 * scripts; their pages do not: a page is read from another origin only by CORS_ORIGINS
 * (@fastify/cors). The headers follow the file served, not the registration serving it:
 * the not-found handler's sendFile of the shell's page goes through the first one.
 */
export async function serveStaticApps(app: FastifyInstance, apps: StaticApp[]): Promise<void> {
  // the deepest folder first, should one app sit inside another's
  const owners = [...apps].sort((a, b) => b.dir.length - a.dir.length);
  const ownerOf = (path: string) => owners.find((a) => path.startsWith(`${a.dir}${sep}`));
  const setHeaders = (reply: FastifyReply, path: string) => {
    const owner = ownerOf(path);
    const asset = !!owner && path.startsWith(`${join(owner.dir, 'assets')}${sep}`);
    reply.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (owner && owner.prefix !== '/') {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (!/\.html?$/i.test(path)) reply.header('access-control-allow-origin', '*');
    }
  };
  for (const [i, a] of apps.entries()) {
    await app.register(fastifyStatic, {
      root: a.dir,
      prefix: a.prefix,
      // files are looked up per request, so a rebuild is served without a restart;
      // a miss falls through to the not-found handler (history-mode fallback)
      wildcard: true,
      decorateReply: i === 0,
      setHeaders,
    });
  }
}

/** The app whose history-mode routes a page URL belongs to (longest prefix first). */
export function staticAppFor(apps: StaticApp[], url: string): StaticApp | undefined {
  return apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix);
}

/**
 * The document a page URL is answered with: the app's index.html, except the shell's
 * pre-rendered documents (`@wb/contracts/page-documents`): /login, one per login settings
 * choice (`loginFile`), /lock, and the error pages /404, /403 and /500. A shell built before one
 * existed falls back to index.html.
 */
export function pageDocumentFor(apps: StaticApp[], url: string, loginFile: string): { dir: string; file: string } | undefined {
  const app = staticAppFor(apps, url);
  if (!app) return undefined;
  const path = url.split('?')[0];
  const own = app.prefix === '/' ? shellDocument(path, loginFile) : undefined;
  return { dir: app.dir, file: own && existsSync(join(app.dir, own)) ? own : 'index.html' };
}

function shellDocument(path: string, loginFile: string): string | undefined {
  if (path === '/login') return loginFile;
  if (path === '/lock') return LOCK_DOCUMENT_FILE;
  const status = STATUS_DOCUMENTS.find((s) => path === `/${s}`);
  return status && statusDocumentFile(status);
}
