import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';

/** A registry entry for the unit tests of this folder: what they vary, the rest the server's defaults. */
export const descriptor = (serviceName: string, prefix: string, defaultPath: string, host = '', extra: Partial<SubAppDescriptor> = {}): SubAppDescriptor => ({
  id: serviceName,
  name: serviceName,
  serviceName,
  prefix,
  host,
  defaultApiHost: '',
  defaultPath,
  routerMode: '',
  exec: 1,
  fiber: 1,
  alive: 1,
  isDashboardApp: 0,
  default: 0,
  sort: 0,
  ...extra,
});
