/**
 * The server side of the benchmark, in its own process so the load generator
 * does not share its event loop: the real app with 100,000 params, 5,000
 * departments and 100,000 users in tenant 000000, and a bare Fastify route as the baseline. The database is a fresh
 * PGlite, or with DATABASE_URL a scratch database created on that PostgreSQL
 * server and dropped afterwards (the named database is never written to).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { analyze } from '../apps/server/src/db/client';
import { scratchDatabase } from './scratch-database';

const serverUrl = process.env.DATABASE_URL;
/**
 * a further instance (bench/api.ts's rows of several instances): the first one's scratch database,
 * nothing seeded. With BENCH_METRICS_TOKEN, a second app in the same process, alike but with its
 * metrics on (the rows of their cost: the two share the process, its compiled code and its heap).
 */
const replicaOf = process.env.BENCH_REPLICA_OF;
const jwtSecret = process.env.BENCH_JWT_SECRET;
let databaseUrl: string | undefined = replicaOf;
let dropScratch = async () => {};
if (replicaOf) {
  const start = async (metricsToken?: string) => {
    const { app } = await buildApp({ env: {}, logger: false, config: { dataDir: ':memory:', databaseUrl, jwtSecret, captchaEnabled: false, loginRateLimit: 100_000, metricsToken } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const apps = [await start()];
  if (process.env.BENCH_METRICS_TOKEN) apps.push(await start(process.env.BENCH_METRICS_TOKEN));
  const [app, metricsApp] = apps.map((a) => (a.server.address() as { port: number }).port);
  process.stdout.write(`${JSON.stringify({ app, metricsApp })}\n`);
  process.on('SIGTERM', () => void Promise.all(apps.map((a) => a.close())).finally(() => process.exit(0)));
  await new Promise(() => undefined);
}
if (serverUrl) {
  const scratch = await scratchDatabase('wb_bench');
  databaseUrl = scratch.url;
  dropScratch = scratch.drop;
}

const rows = Number(process.env.BENCH_PARAMS ?? 100_000);
const { app, ctx } = await buildApp({
  env: {},
  logger: false,
  config: { dataDir: databaseUrl ? ':memory:' : mkdtempSync(join(tmpdir(), 'wb-bench-')), databaseUrl, jwtSecret, captchaEnabled: false, loginRateLimit: 100_000 },
});
await ctx.database.db.execute(sql`
  INSERT INTO param (tenant_id, param_name, param_key, param_value)
  SELECT '000000', 'bench ' || g, 'bench.' || g, 'value ' || g FROM generate_series(1, ${rows}) g`);

// the organisation: 5,000 departments under the seeded root (50 branches of 99 teams each),
// and 100,000 users spread over the teams
const depts = Number(process.env.BENCH_DEPTS ?? 5_000);
const users = Number(process.env.BENCH_USERS ?? 100_000);
const branches = 50;
const teamsPer = Math.max(1, Math.floor(depts / branches) - 1);
await ctx.database.db.execute(sql`
  WITH root AS (SELECT id FROM dept WHERE tenant_id = '000000' AND parent_id = 0 LIMIT 1)
  INSERT INTO dept (tenant_id, parent_id, ancestors, dept_name, full_name, dept_category, sort)
  SELECT '000000', root.id, '0,' || root.id, 'branch ' || g, 'branch ' || g, 2, g FROM root, generate_series(1, ${branches}) g`);
await ctx.database.db.execute(sql`
  INSERT INTO dept (tenant_id, parent_id, ancestors, dept_name, full_name, dept_category, sort)
  SELECT '000000', b.id, b.ancestors || ',' || b.id, b.dept_name || ' team ' || g, b.dept_name || ' team ' || g, 3, g
  FROM dept b, generate_series(1, ${teamsPer}) g WHERE b.dept_name LIKE 'branch %' AND b.tenant_id = '000000'`);
await ctx.database.db.execute(sql`
  WITH teams AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM dept WHERE tenant_id = '000000' AND dept_category = 3),
       admin AS (SELECT password, role_id FROM "user" WHERE tenant_id = '000000' AND account = 'admin')
  INSERT INTO "user" (tenant_id, account, password, name, real_name, role_id, dept_id)
  SELECT '000000', 'bench' || g, admin.password, 'bench ' || g, '用户' || g, admin.role_id, teams.id::text
  FROM admin, generate_series(1, ${users}) g JOIN teams ON teams.n = g % teams.total`);
// a user of branch 1 whose role sees the users of their department and those below it (the seeded
// data scope 本部门及下级): the user page then narrows 100,000 users to the branch's
await ctx.database.db.execute(sql`
  WITH admin AS (SELECT id FROM role WHERE tenant_id = '000000' AND role_alias = 'administrator'),
       scoped AS (INSERT INTO role (tenant_id, role_name, role_alias, sort) VALUES ('000000', 'bench scoped', 'bench_scoped', 9) RETURNING id),
       menus AS (INSERT INTO role_menu (role_id, menu_id) SELECT scoped.id, rm.menu_id FROM scoped, role_menu rm JOIN admin ON rm.role_id = admin.id RETURNING role_id)
  INSERT INTO role_scope (role_id, scope_category, scope_id)
  SELECT scoped.id, 1, d.id FROM scoped, data_scope d WHERE d.resource_code = 'user' AND d.scope_type = 4`);
await ctx.database.db.execute(sql`
  INSERT INTO "user" (tenant_id, account, password, name, real_name, role_id, dept_id)
  SELECT '000000', 'scoped', u.password, 'scoped', 'scoped', r.id::text, b.id::text
  FROM "user" u, role r, dept b WHERE u.tenant_id = '000000' AND u.account = 'admin' AND r.role_alias = 'bench_scoped' AND b.dept_name = 'branch 1'`);
await analyze(ctx.database.db);
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ code: 200, success: true, data: { hello: 'world' }, msg: '操作成功' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ app: port(app), bare: port(bare), rows, users, depts: branches * (teamsPer + 1), databaseUrl })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(dropScratch)
    .finally(() => process.exit(0));
});
