import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Backlog } from './jobs';

/**
 * What an operator watches (GET /metrics, Prometheus' text format, prom-client): requests by
 * route and status with their latency, the database pool, the job queues, the event loop and
 * memory (prom-client's defaults), the caches' hits and invalidations, wrong passwords and
 * refused rates. One registry per process: with `WORKERS=N` a scrape through the shared port
 * reaches one worker, so where every instance must be seen, run one per container and scrape each.
 */
export const registry = new Registry();
/** prom-client's own (event loop, memory, handles): started with the first app that is scraped. */
let defaults = false;

const requests = new Histogram({
  name: 'wb_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A cache's lookups (FreshCache): answered from memory, or read from the database. */
export const cacheLookups = new Counter({
  name: 'wb_cache_lookups_total',
  help: 'Cache lookups by cache and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

/** Changes heard (platform/changes.ts): each one empties the caches that depend on its topic. */
export const cacheInvalidations = new Counter({
  name: 'wb_cache_invalidations_total',
  help: 'Changes heard, by topic: the caches depending on it are emptied',
  labelNames: ['topic'] as const,
  registers: [registry],
});

export const loginFailures = new Counter({ name: 'wb_login_failures_total', help: 'Logins refused for a wrong account or password', registers: [registry] });

const limited = new Counter({
  name: 'wb_rate_limited_total',
  help: 'Requests refused with 429 (a rate limit reached), by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
});

const pools = new Set<pg.Pool>();
new Gauge({
  name: 'wb_db_pool_connections',
  help: 'Database pool connections: total, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = (f: (p: pg.Pool) => number) => [...pools].reduce((n, p) => n + f(p), 0);
    this.set(
      { state: 'total' },
      sum((p) => p.totalCount),
    );
    this.set(
      { state: 'idle' },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: 'waiting' },
      sum((p) => p.waitingCount),
    );
  },
});

type Backlogs = () => Promise<Backlog[]>;
const backlogs = new Set<Backlogs>();
const backlog = async (): Promise<Backlog[]> => (await Promise.all([...backlogs].map((read) => read().catch(() => [] as Backlog[])))).flat();
new Gauge({
  name: 'wb_job_queue_waiting',
  help: 'Jobs due and not yet taken (exports, imports, flow timers), by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const b of await backlog()) this.inc({ queue: b.queue }, b.waiting);
  },
});
new Gauge({
  name: 'wb_job_queue_oldest_seconds',
  help: 'How long the oldest job due and not yet taken has waited, by queue (0 when none)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const oldest = new Map<string, number>();
    for (const b of await backlog()) oldest.set(b.queue, Math.max(oldest.get(b.queue) ?? 0, b.oldestSeconds));
    for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
  },
});

/** The pool and job queues of an app, read at each scrape until it closes. */
export function watch(app: FastifyInstance, pool: pg.Pool, read: Backlogs): void {
  pools.add(pool);
  backlogs.add(read);
  app.addHook('onClose', async () => {
    pools.delete(pool);
    backlogs.delete(read);
  });
}

/**
 * GET /metrics, off the API log and the API's token: answered when METRICS_TOKEN is set and the
 * scraper sends it as `Authorization: Bearer …`, or the caller's address is one of METRICS_ALLOW;
 * 404 otherwise, so that nobody learns it is there. Every request's duration is recorded here,
 * and prom-client's own figures collected, only when one of the two is set: nobody could read them.
 */
export function registerMetrics(app: FastifyInstance, access: { token?: string; allow: string[] }): void {
  if (access.token || access.allow.length) {
    if (!defaults) collectDefaultMetrics({ register: registry, prefix: 'wb_' });
    defaults = true;
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      requests.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) limited.inc({ route });
    });
  }
  const allowed = (req: FastifyRequest): boolean => {
    if (access.allow.includes(req.ip)) return true;
    const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    const token = Buffer.from(access.token ?? '');
    return token.length > 0 && given.length === token.length && timingSafeEqual(given, token);
  };
  app.get('/metrics', {
    schema: { hide: true },
    config: { public: true },
    handler: async (req, reply) => {
      if (!allowed(req)) return reply.status(404).send({ code: 404, success: false, data: null, msg: '页面不存在' });
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    },
  });
}
