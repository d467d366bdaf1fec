import { customType, index, integer, pgTable, primaryKey, timestamp, varchar, bigint } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Stored files on PostgreSQL without S3 (platform/database-store.ts): every instance serves every
 * file. An object names the part its bytes were written under; it is added only once the whole
 * part is written, so a reader finds no object or all of it.
 */
export const fileObject = pgTable('file_object', {
  name: varchar('name', { length: 64 }).primaryKey(),
  part: varchar('part', { length: 32 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});

/** The bytes of a part, in order, CHUNK_BYTES each (the last shorter). */
export const fileChunk = pgTable(
  'file_chunk',
  {
    part: varchar('part', { length: 32 }).notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.part, t.seq] }), index('file_chunk_create_time').on(t.createTime)],
);
