import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
    /** where the login came from, for the user's list of their sessions */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/**
 * A QR login (customLoginByZytQr): the login page shows the ticket as a QR code, a signed-in
 * phone scans and confirms it, and the page that holds the poll key redeems it once for a
 * session of the confirming user. Only the key's hash is kept.
 */
export const qrLogin = pgTable('qr_login', {
  ticket: varchar('ticket', { length: 36 }).primaryKey(),
  keyHash: varchar('key_hash', { length: 64 }).notNull(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  /** QR_STATUS (contracts/auth) */
  status: smallint('status').notNull().default(0),
  userId: ref('user_id'),
  /** the browser that asked for it, shown on the phone before it confirms */
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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
