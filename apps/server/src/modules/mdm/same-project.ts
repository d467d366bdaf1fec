import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Row } from '../../platform/crud/wire';
import { badRequest } from '../../platform/envelope';
import { visible, type Scope } from '../../platform/scope';

/** A table of the master data whose rows belong to a project. */
type ProjectTable = PgTable & { id: PgColumn; projectId: PgColumn };

/** The value a submit leaves in `field`: the one sent, else the stored one (an update may send only some fields). */
export const after = (values: Row, existing: Row | undefined, field: string): unknown => (values[field] !== undefined ? values[field] : existing?.[field]);

/**
 * Refuses a ref to a record of another project (a job location's grid, a device's facility): the
 * ref itself was already found visible by the framework; here it must also share the project.
 */
export async function refOfProject(db: Db, scope: Scope, table: ProjectTable, refId: unknown, projectId: unknown, message: string, field: string): Promise<void> {
  if (refId === null || refId === undefined || refId === '') return;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(visible(table, scope, and(eq(table.id, Number(refId)), eq(table.projectId, Number(projectId)))));
  if (!row) throw badRequest(message, field);
}

/**
 * Refuses moving a record to another project while records of `child` point at it: they would be
 * left in the old project (a grid's job locations, a facility's devices).
 */
export async function keepsChildrenInProject(db: Db, scope: Scope, values: Row, existing: Row | undefined, child: PgColumn, childTable: PgTable, message: string): Promise<void> {
  if (!existing || values.projectId === undefined || Number(values.projectId) === Number(existing.projectId)) return;
  const [used] = await db
    .select({ one: child })
    .from(childTable)
    .where(visible(childTable, scope, eq(child, Number(existing.id))))
    .limit(1);
  if (used) throw badRequest(message, 'projectId');
}
