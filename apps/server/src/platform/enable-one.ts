import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { notFound } from './envelope';
import { visible, type Scope } from './scope';

/** A table of configurations of which a tenant enables one (status 2; the others 1): SMS providers, object storage. */
export type EnabledOne = PgTable & { id: PgColumn; tenantId: PgColumn; status: PgColumn };

/**
 * Makes the record `id` the tenant's only enabled one. Enables of one tenant's table wait for
 * each other (an advisory lock): two at once would each miss the other's row and leave two.
 * `check` may refuse the record (a provider not spoken to) before anything changes.
 */
export async function enableOne(db: Db, table: EnabledOne, scope: Scope, id: number, missing: string, check?: (row: Record<string, unknown>) => void): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enable:${getTableName(table)}:${String(scope.tenantId)}`}))`);
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(visible(table, scope, eq(table.id, id)))) as Record<string, unknown>[];
    if (!row) throw notFound(missing);
    check?.(row);
    await tx.execute(sql`update ${table} set status = 1 where ${table.tenantId} = ${row.tenantId} and ${table.status} = 2 and ${table.id} <> ${id}`);
    await tx.execute(sql`update ${table} set status = 2 where ${table.id} = ${id}`);
  });
}
