import type { FastifyInstance } from 'fastify';
import { paramResource } from '@wb/contracts/resources/param';
import { param } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { registerResource } from '../../platform/crud';

/** System parameters: the whole module is its resource definition. */
export function paramRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => registerResource(app, { db: ctx.database.db, access: ctx.access, totals: ctx.totals }, paramResource, param);
}
