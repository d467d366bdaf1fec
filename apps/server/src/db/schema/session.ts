import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ref } from './common';

/** One login = one session; its refresh tokens form a family that is revoked as a whole. */
export const session = pgTable(
  'session',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: ref('user_id').notNull(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    deptId: text('dept_id').notNull().default(''),
    roleId: text('role_id').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** Refresh tokens are kept only as SHA-256 hashes; a used one that comes back means theft. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: varchar('session_id', { length: 36 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** the answer this token's refresh gave, sealed under a key only the token itself yields (tokens.ts sealWith) */
    reissue: text('reissue'),
  },
  (t) => [index('refresh_token_session_idx').on(t.sessionId)],
);

export const captcha = pgTable('captcha', {
  key: varchar('key', { length: 36 }).primaryKey(),
  code: varchar('code', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});
