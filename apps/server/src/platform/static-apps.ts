import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Built front ends this server publishes: the shell at /, each sub-app at /subapps/<name>/. */
export interface StaticApp {
  prefix: string;
  dir: string;
}

export function findStaticApps(shellDir: string | undefined, subappsDir: string | undefined): StaticApp[] {
  const found: StaticApp[] = [];
  if (subappsDir && existsSync(subappsDir)) {
    for (const name of readdirSync(subappsDir)) {
      const dist = join(subappsDir, name, 'dist');
      if (existsSync(join(dist, 'index.html'))) found.push({ prefix: `/subapps/${name}/`, dir: dist });
    }
  }
  if (shellDir && existsSync(join(shellDir, 'index.html'))) found.push({ prefix: '/', dir: shellDir });
  return found;
}

/**
 * Serves the apps. Hashed assets are cached for good; index.html never is.
 * Sub-apps answer any origin: the shell (wujie) fetches their HTML and scripts.
 */
export async function serveStaticApps(app: FastifyInstance, apps: StaticApp[]): Promise<void> {
  for (const [i, a] of apps.entries()) {
    const sub = a.prefix !== '/';
    await app.register(fastifyStatic, {
      root: a.dir,
      prefix: a.prefix,
      // files are looked up per request, so a rebuild is served without a restart;
      // a miss falls through to the not-found handler (history-mode fallback)
      wildcard: true,
      decorateReply: i === 0,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes(`${join(a.dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (sub) res.header('access-control-allow-origin', '*');
      },
    });
  }
}

/** The app whose history-mode routes a page URL belongs to (longest prefix first). */
export function staticAppFor(apps: StaticApp[], url: string): StaticApp | undefined {
  return apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix);
}
