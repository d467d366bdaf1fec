import { subAppResource } from '@wb/contracts/resources/sub-app';
import type { Grants } from '../../platform/access';

/** A registry row as far as visibility cares. */
export interface RegistryRow {
  tenantId: string;
  serviceName: string;
  host: string;
  status: number;
  isDeleted: number;
}

/**
 * The sub-apps of each tenant that lead somewhere: a live registry entry with an address
 * the shell can load. An entry without a host shows only "not deployed"; one whose host is
 * a sub-app this server would publish but has not found built (`published` says no) fails to
 * load. A menu of such an app leads nowhere, so users who cannot configure the registry do
 * not get it (issue 31).
 */
export function deployedApps(rows: readonly RegistryRow[], published: (host: string) => boolean): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.isDeleted || r.status !== 1 || !r.host.trim() || !published(r.host.trim())) continue;
    let set = out.get(r.tenantId);
    if (!set) out.set(r.tenantId, (set = new Set()));
    set.add(r.serviceName);
  }
  return out;
}

/** Whoever may edit the registry sees every sub-app's menus, to open them and read what is missing. */
export const mayConfigureSubApps = (grants: Grants): boolean => grants.codes.has(subAppResource.permissions.edit);
