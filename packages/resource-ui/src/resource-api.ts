import type { Page } from '@wb/contracts/envelope';
import type { AnyResourceDef, ResourceDef, SelectOption } from '@wb/contracts/resource';
import type { ResourceTransport } from './host';

/** A record as the list and detail calls return it: the def's fields plus id and audit columns. */
export type AnyRecord = { id: string } & Record<string, unknown>;

/** Any resource's definition (contracts: a specific ResourceDef<F> is assignable to it). */
export type { AnyResourceDef };

/** The calls every resource has (DESIGN §4: list, detail, submit, remove; select and export). */
export function resourceApi(def: Pick<ResourceDef, 'basePath'>, transport: ResourceTransport) {
  return {
    list: (query: Record<string, unknown>) => transport.get<Page<AnyRecord>>(`${def.basePath}/list`, query),
    detail: (id: string) => transport.get<AnyRecord | null>(`${def.basePath}/detail`, { id }),
    /** no id inserts, an id updates */
    submit: (body: Record<string, unknown>) => transport.post<unknown>(`${def.basePath}/submit`, body),
    remove: (ids: string[]) => transport.post<unknown>(`${def.basePath}/remove`, undefined, { ids: ids.join(',') }),
    /** every live record of the tenant as { id, label }: options of refs */
    select: () => transport.get<SelectOption[]>(`${def.basePath}/select`),
    /** the list's rows for the given filters as a spreadsheet */
    export: (filters: Record<string, unknown>) => transport.download(`${def.basePath}/export`, filters),
  };
}

/** The options of a ref: `GET {basePath}/select`. */
export function selectOptions(transport: ResourceTransport, basePath: string): Promise<SelectOption[]> {
  return transport.get<SelectOption[] | null>(`${basePath}/select`).then((list) => list ?? []);
}
