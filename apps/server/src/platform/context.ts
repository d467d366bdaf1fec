import type { Database } from '../db/client';
import type { Access } from './access';
import type { Changes } from './changes';
import type { SecretBox } from './secrets';
import type { SessionCheck } from './auth';
import type { Config } from './config';
import type { ResourceRegistry } from './crud/registry';
import type { RouteAccess } from './permissions';
import type { ExportJobs } from './export-jobs';
import type { ImportJobs } from './import-jobs';
import type { ObjectStores } from './object-stores';
import type { Outbound } from './outbound';
import type { SmsSender } from './sms';
import type { ObjectStore } from './storage';
import type { TokenService } from './tokens';
import type { TotalCache } from './totals';
import type { FlowEngine } from './flow/engine';
import type { RequestLog } from './request-log';

/** What every module gets: built once in app.ts, passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  sessions: SessionCheck;
  access: Access;
  /** seals stored secrets (platform/secrets.ts) */
  secrets: SecretBox;
  /** tells every instance that something cached changed (platform/changes.ts) */
  changes: Changes;
  totals: TotalCache;
  /** the server's own store (exports, imports); uploads go through `stores` */
  store: ObjectStore;
  /** the stores of the tenants' object storage configurations and the server's own (platform/object-stores.ts) */
  stores: ObjectStores;
  /** sends a tenant's text messages through its enabled provider (platform/sms.ts) */
  sms: SmsSender;
  /** every connection made for a tenant's or an administrator's configuration goes through it (platform/outbound.ts) */
  outbound: Outbound;
  resources: ResourceRegistry;
  /** every API route with its declared access, filled as routes register */
  routes: RouteAccess[];
  /** the download centre's export jobs (platform/export-jobs.ts) */
  exportJobs: ExportJobs;
  /** the upload centre's import jobs (platform/import-jobs.ts) */
  importJobs: ImportJobs;
  /** the BPMN engine with its state in the database (platform/flow/engine.ts) */
  flow: FlowEngine;
  /** the API and error logs' writer (platform/request-log.ts) */
  requestLog: RequestLog;
}

/** What the resource framework needs from the context. */
export const crudDeps = (ctx: AppContext) => ({
  db: ctx.database.db,
  totals: ctx.totals,
  registry: ctx.resources,
  secrets: ctx.secrets,
  exportJobs: ctx.exportJobs,
  importJobs: ctx.importJobs,
  access: ctx.access,
});
