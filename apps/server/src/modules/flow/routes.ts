import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { definitionRoutes } from './definitions';
import { instanceRoutes } from './instances';
import { workRoutes } from './work';

/** The flow service (us-flow): models and definitions, instances and the viewer, the work lists. */
export function flowRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(definitionRoutes(ctx));
    await app.register(instanceRoutes(ctx));
    await app.register(workRoutes(ctx));
  };
}
