import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The sub-app fixtures built the way wujie's documentation builds apps, served as their
 * authors would deploy them: on an origin of their own (not the product's), each in its
 * folder, with CORS for any shell and a history-mode fallback (a deep route answers the
 * app's index.html to a browser asking for a page).
 *   /vue2/     apps/subapps/vue2-fixture/dist     (hash router, relative public path)
 *   /react17/  apps/subapps/react17-fixture/dist  (browser router under /react17)
 */
export const FIXTURE_APPS = [
  { folder: 'vue2', dist: 'apps/subapps/vue2-fixture/dist' },
  { folder: 'react17', dist: 'apps/subapps/react17-fixture/dist' },
] as const;

export async function startFixtureOrigin(root: string, port: number): Promise<() => Promise<void>> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  for (const [i, fixture] of FIXTURE_APPS.entries()) {
    const dir = join(root, fixture.dist);
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`${fixture.dist} is not built: npm run build:fixtures`);
    await app.register(fastifyStatic, { root: dir, prefix: `/${fixture.folder}/`, decorateReply: i === 0, wildcard: true });
  }
  app.setNotFoundHandler((req, reply) => {
    const fixture = FIXTURE_APPS.find((f) => req.url.startsWith(`/${f.folder}/`) || req.url === `/${f.folder}`);
    if (!fixture || !/text\/html/.test(req.headers.accept ?? '')) return reply.status(404).send('not found');
    return reply.type('text/html').sendFile('index.html', join(root, fixture.dist));
  });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}
