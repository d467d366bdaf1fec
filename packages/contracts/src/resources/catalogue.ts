import type { AnyResourceDef } from '../resource';
import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from './mdm';
import { deptResource, dictBizResource, dictResource, postResource, regionResource, roleResource, userResource } from './org';
import { paramResource } from './param';
import { subAppResource } from './sub-app';

/**
 * Every resource of the product, in menu order. The server registers each one's
 * routes, the menu seed adds a page for each one with `page`, and the shell shows
 * the generic page at that path unless it registers a page of its own.
 */
export const RESOURCES: AnyResourceDef[] = [
  userResource,
  deptResource,
  postResource,
  dictResource,
  dictBizResource,
  paramResource,
  subAppResource,
  roleResource,
  regionResource,
  companyResource,
  cityResource,
  projectResource,
  supplierResource,
  vehicleResource,
];

export const resourceByName = (name: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.name === name);
export const resourceByPage = (path: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.page?.path === path);
