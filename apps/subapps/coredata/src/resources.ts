import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import type { AnyResourceDef } from '@wb/resource-ui/resource-api';

/** The app's pages, one per resource: the route is the resource's name ('/company'). */
export const PAGES: { path: string; def: AnyResourceDef }[] = [companyResource, cityResource, projectResource, supplierResource, vehicleResource].map((def) => ({
  path: `/${def.name}`,
  def,
}));
