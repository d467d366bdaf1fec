import type { Database } from '../db/client';
import type { Access } from './access';
import type { SessionCheck } from './auth';
import type { Config } from './config';
import type { ResourceRegistry } from './resource/registry';
import type { ObjectStore } from './storage';
import type { TokenService } from './tokens';
import type { TotalCache } from './totals';

/** What every module gets: built once in app.ts, passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  sessions: SessionCheck;
  access: Access;
  totals: TotalCache;
  store: ObjectStore;
  resources: ResourceRegistry;
}

/** What the generic resource module needs from the context. */
export const crudDeps = (ctx: AppContext) => ({ db: ctx.database.db, access: ctx.access, totals: ctx.totals, registry: ctx.resources });
