import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { facilityResource, gridResource, iotResource, jobLocationResource, mdmUserResource } from '@wb/contracts/resources/mdm-operations';
import type { AnyResourceDef } from '@wb/resource-ui/resource-api';

export interface CoredataPage {
  /** the app's route, the shell's menu path below /coredata */
  path: string;
  def: AnyResourceDef;
  /** where the overview shows it: the organisation the picker is built from, or the work on site */
  group: 'organisation' | 'site';
}

const page = (def: AnyResourceDef, group: CoredataPage['group'], segment = def.name): CoredataPage => ({ path: `/${segment}`, def, group });

/**
 * The app's pages, one per resource, in the order of the shell's menu (apps/server/src/db/seed-menus.ts):
 * the route is the resource's name ('/company'), but the people's is '/user', the menu's path.
 */
export const PAGES: CoredataPage[] = [
  page(companyResource, 'organisation'),
  page(cityResource, 'organisation'),
  page(projectResource, 'organisation'),
  page(supplierResource, 'organisation'),
  page(vehicleResource, 'site'),
  page(facilityResource, 'site'),
  page(gridResource, 'site'),
  page(iotResource, 'site'),
  page(jobLocationResource, 'site'),
  page(mdmUserResource, 'site', 'user'),
];
