import type { FastifyInstance } from 'fastify';
import { paramResource } from '@wb/contracts/resources/param';
import { param } from '../../db/schema/index';
import { crudDeps, type AppContext } from '../../platform/context';
import { registerResource } from '../../platform/resource/routes';

/** System parameters: the whole module is its resource definition. */
export function paramRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => registerResource(app, crudDeps(ctx), paramResource, param);
}
