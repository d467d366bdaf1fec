/**
 * Fills a server's data folder with many parameters before the server starts on it
 * (export-fault.spec.ts needs an export that takes a few seconds).
 * Run: tsx e2e/support/seed-params.ts <dataDir> <count>
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';

const [dataDir, count] = process.argv.slice(2);
const { app, ctx } = await buildApp({ env: {}, logger: false, config: { dataDir, captchaEnabled: false } });
await ctx.database.db.execute(sql`
  INSERT INTO param (tenant_id, param_name, param_key, param_value)
  SELECT '000000', 'fault ' || g, 'fault.' || g, 'value ' || g FROM generate_series(1, ${Number(count)}) g`);
await app.close();
