import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A business table: tenant-scoped, soft-deleted, with the audit columns. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  tenantId: PgColumn;
  isDeleted: PgColumn;
  createTime: PgColumn;
  createUser: PgColumn;
  createDept: PgColumn;
  updateUser: PgColumn;
  updateTime: PgColumn;
};
