import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * IDs are 64-bit integers serialised as strings on the wire.
 * Identity values start high so they look like the family's snowflake ids yet stay
 * below 2^53, which keeps them exact as JavaScript numbers inside the server.
 */
export const ID_START = 1_500_000_000_000_000;
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: ID_START });
export const ref = (name: string) => bigint(name, { mode: 'number' });

/** Audit columns every business table carries; `is_deleted` marks a soft delete. */
export const audit = {
  createUser: ref('create_user'),
  createDept: ref('create_dept'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateUser: ref('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
};
