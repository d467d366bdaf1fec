import type { Page } from '@wb/contracts/envelope';
import type { ResourceDef } from '@wb/contracts/resource';
import { http } from '../shared/request';

/** A record as the list and detail calls return it: the def's fields plus id and audit columns. */
export type AnyRecord = { id: string } & Record<string, unknown>;

/** The four calls every resource has (DESIGN §4: list, detail, submit, remove). */
export function resourceApi(def: Pick<ResourceDef, 'basePath'>) {
  return {
    list: (query: Record<string, unknown>) => http.get<Page<AnyRecord>>(`${def.basePath}/list`, query),
    detail: (id: string) => http.get<AnyRecord | null>(`${def.basePath}/detail`, { id }),
    /** no id inserts, an id updates */
    submit: (body: Record<string, unknown>) => http.post<unknown>(`${def.basePath}/submit`, body),
    remove: (ids: string[]) => http.post<unknown>(`${def.basePath}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}

/**
 * What the generic page needs of a def. `unique` is left out on purpose: its
 * `keyof F` would make a specific ResourceDef<F> unassignable to the general one.
 */
export type AnyResourceDef = Pick<ResourceDef, 'name' | 'title' | 'basePath' | 'permissions' | 'fields'>;
