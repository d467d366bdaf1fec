import type { FastifyInstance } from 'fastify';
import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { city, company, project, supplier, vehicle } from '../../db/schema/index';
import { crudDeps, type AppContext } from '../../platform/context';
import { registerResource } from '../../platform/resource/routes';

/** Master-data CRUD for the coredata sub-application: each entity is its definition and its table. */
export function mdmResourceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const deps = crudDeps(ctx);
    registerResource(app, deps, companyResource, company);
    registerResource(app, deps, cityResource, city);
    registerResource(app, deps, projectResource, project);
    registerResource(app, deps, supplierResource, supplier);
    registerResource(app, deps, vehicleResource, vehicle);
  };
}
