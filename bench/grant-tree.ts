/**
 * The role grant dialog's tree with 2,000 menus and buttons: how long `menu/grant-tree` and
 * `menu/role-tree-keys` take, in the app's own process (inject, no sockets), beside the
 * health check measured the same way as the baseline. Target: grant-tree p99 < 50 ms.
 * Run: npx tsx bench/grant-tree.ts   (BENCH_MENUS, BENCH_RUNS override)
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';

const menus = Number(process.env.BENCH_MENUS ?? 2000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const { app, ctx } = await buildApp({ env: {}, logger: false, config: { dataDir: ':memory:', captchaEnabled: false } });
await app.ready();
const db = ctx.database.db;

// menus up to `menus` in all: groups of one page with four buttons under the first root, all granted to the administrators
const [{ n: seeded }] = (await db.execute(sql`SELECT count(*)::int AS n FROM menu WHERE is_deleted = 0`)).rows as { n: number }[];
const pages = Math.max(0, Math.ceil((menus - seeded) / 5));
await db.execute(sql`
  WITH root AS (SELECT id FROM menu WHERE parent_id = 0 ORDER BY sort, id LIMIT 1),
       pages AS (INSERT INTO menu (parent_id, code, name, path, sort, category)
                 SELECT root.id, 'bench_' || g, '压测页面 ' || g, '/bench/' || g, 100 + g, 1 FROM root, generate_series(1, ${pages}) g RETURNING id, code, path),
       buttons AS (INSERT INTO menu (parent_id, code, name, path, sort, category, action)
                   SELECT pages.id, pages.code || '_' || v, v, pages.path || '/' || v, i, 2, 1 FROM pages, unnest(array['add','edit','delete','view']) WITH ORDINALITY AS b(v, i) RETURNING id)
  SELECT 1`);
await db.execute(sql`
  INSERT INTO role_menu (role_id, menu_id)
  SELECT r.id, m.id FROM role r, menu m WHERE r.role_alias = 'administrator' AND m.code LIKE 'bench_%' ON CONFLICT DO NOTHING`);
const [{ n: total }] = (await db.execute(sql`SELECT count(*)::int AS n FROM menu WHERE is_deleted = 0`)).rows as { n: number }[];

const basic = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;
const login = await app.inject({
  method: 'POST',
  url: '/us-auth/oauth/token',
  query: { tenantId: '000000', username: 'admin', password: 'admin123', grant_type: 'password' },
  headers: { authorization: basic },
});
const { access_token: token, role_id: roleId } = login.json() as { access_token: string; role_id: string };
const headers = { 'saas-auth': `bearer ${token}`, 'tenant-id': '000000' };

async function measure(url: string, query: Record<string, string> = {}, auth = true) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, query, headers: auth ? headers : {} });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)], p99: times[Math.floor(runs * 0.99)] };
}

const tree = (await app.inject({ method: 'GET', url: '/us-system/menu/grant-tree', headers })).json().data;
const count = (nodes: { children?: unknown[] }[]): number => nodes.reduce((n, x) => n + 1 + count((x.children ?? []) as { children?: unknown[] }[]), 0);
const base = await measure('/health', {}, false);
const results = [
  { name: `menu/grant-tree (${count(tree.menu)} nodes)`, ...(await measure('/us-system/menu/grant-tree')) },
  { name: 'menu/role-tree-keys', ...(await measure('/us-system/menu/role-tree-keys', { roleIds: roleId })) },
];
console.log(`\n${total} menus in the table, ${runs} calls each, PGlite, in process\n`);
console.log('target'.padEnd(34) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  p50 to /health');
for (const r of [{ name: '/health (baseline)', ...base }, ...results])
  console.log(r.name.padEnd(34) + r.p50.toFixed(1).padStart(9) + r.p99.toFixed(1).padStart(9) + `  ${(r.p50 / base.p50).toFixed(1)}x`);
console.log(`\ntarget: grant-tree p99 < 50 ms: ${results[0].p99 < 50 ? 'met' : 'MISSED'}`);
await app.close();
