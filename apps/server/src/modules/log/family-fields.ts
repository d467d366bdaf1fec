import { Type } from '@sinclair/typebox';
import { sql, type SQL } from 'drizzle-orm';
import { apiLog, errorLog, usualLog } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';

/**
 * The logs as the family's log pages read them (LogApi, LogError, LogUsual): its names beside ours,
 * computed in the statement that reads the rows. What this server does not keep (the server's
 * address, a Java class and line) is ''; `env` is the NODE_ENV the server runs under.
 */
const env = process.env.NODE_ENV ?? '';

const named = (computed: Record<string, () => SQL>): Pick<ResourceOptions, 'computed' | 'answers'> => ({
  computed,
  answers: Object.fromEntries(Object.keys(computed).map((k) => [k, Type.String()])),
});

const blank = () => sql<string>`''`;

export const apiLogFamilyFields = named({
  serverIp: blank,
  env: () => sql<string>`${env}::text`,
  title: () => sql<string>`${apiLog.route}`,
  time: () => sql<string>`${apiLog.durationMs}::text`,
  createBy: () => sql<string>`${apiLog.account}`,
  type: () => sql<string>`'1'`,
});

export const errorLogFamilyFields = named({
  serverIp: blank,
  env: () => sql<string>`${env}::text`,
  stackTrace: () => sql<string>`${errorLog.stack}`,
  exceptionName: () => sql<string>`split_part(${errorLog.stack}, ':', 1)`,
  fileName: blank,
  lineNumber: blank,
  createBy: () => sql<string>`${errorLog.account}`,
});

export const usualLogFamilyFields = named({
  serverIp: blank,
  env: () => sql<string>`${env}::text`,
  logId: () => sql<string>`${usualLog.id}::text`,
  logData: () => sql<string>`${usualLog.message}`,
});
