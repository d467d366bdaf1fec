import { eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { TableColumn, TableInfo, TableSummary } from '@wb/contracts/resources/develop';
import { datasource } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { connectDatasource } from '../../platform/datasource-client';
import { badRequest } from '../../platform/envelope';
import { visible, type Scope } from '../../platform/scope';
import { columnType, propertyType } from './generator/column-types';
import { camel } from './generator/names';

/**
 * The tables and columns of a datasource, read from PostgreSQL's own catalogue (pg_catalog):
 * this product's database when no datasource is named, or a configured PostgreSQL datasource,
 * connected for the one call with its sealed password (as its 'test connection' does).
 * Only the tables of the connection's current schema are listed (public, unless the
 * datasource's user says otherwise).
 */

type Rows = Record<string, unknown>[];
type Run = (query: SQL) => Promise<Rows>;

/** A datasource id as the calls take it: '', '0' or none is this product's database. */
export const datasourceOf = (value: string | number | null | undefined): number | null =>
  value === undefined || value === null || value === '' || Number(value) === 0 ? null : Number(value);

/** Runs `work` against the datasource's catalogue; failures of a configured datasource are 400s naming datasourceId. */
export async function onDatasource<T>(ctx: AppContext, scope: Scope, datasourceId: number | null, work: (run: Run) => Promise<T>): Promise<T> {
  if (datasourceId === null) return work(async (q) => (await ctx.database.db.execute(q)).rows as Rows);
  const [row] = await ctx.database.db
    .select()
    .from(datasource)
    .where(visible(datasource, scope, eq(datasource.id, datasourceId)));
  if (!row) throw badRequest('数据源不存在', 'datasourceId');
  const { client, said } = await connectDatasource(row, ctx.secrets, ctx.outbound, 'datasourceId');
  try {
    const db = drizzle({ client });
    return await work(async (q) => {
      try {
        return (await db.execute(q)).rows as Rows;
      } catch (err) {
        throw badRequest(`读取数据源失败: ${said(err)}`, 'datasourceId');
      }
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The tables (plain and partitioned, not their partitions) of the current schema, by name. */
export async function tableList(run: Run): Promise<TableSummary[]> {
  const rows = await run(sql`
    select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`);
  return rows.map((r) => ({ name: String(r.name), comment: String(r.comment) }));
}

/** One table of the current schema with its columns in order, or undefined when there is none of that name. */
export async function tableInfo(run: Run, name: string): Promise<TableInfo | undefined> {
  const [table] = await run(sql`
    select c.oid, c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname = ${name}`);
  if (!table) return undefined;
  const rows = await run(sql`
    select a.attname as name,
      format_type(a.atttypid, a.atttypmod) as type,
      coalesce(col_description(a.attrelid, a.attnum), '') as comment,
      not a.attnotnull as nullable,
      case when a.attidentity <> '' then 'identity' else coalesce(pg_get_expr(d.adbin, d.adrelid), '') end as "default",
      coalesce(a.attnum = any(i.indkey), false) as pk
    from pg_catalog.pg_attribute a
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    left join pg_catalog.pg_index i on i.indrelid = a.attrelid and i.indisprimary
    where a.attrelid = ${Number(table.oid)} and a.attnum > 0 and not a.attisdropped
    order by a.attnum`);
  const fields: TableColumn[] = rows.map((r) => ({
    name: String(r.name),
    type: String(r.type),
    comment: String(r.comment),
    isNullable: r.nullable ? 1 : 0,
    jdbcDefault: String(r.default),
    isPk: r.pk ? 1 : 0,
    propertyName: camel(String(r.name)),
    propertyType: propertyType(columnType(String(r.type)).family),
  }));
  return { name: String(table.name), comment: String(table.comment), fields };
}
