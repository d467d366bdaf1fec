import type { Page } from '@wb/contracts/envelope';
import { actionPath, pathOf, type ActionDef, type AnyResourceDef, type SelectOption, type TreeNode } from '@wb/contracts/resource';
import { IMPORT_PATHS, type ImportRecord } from '@wb/contracts/imports';
import type { ResourceTransport } from './host';

/** A record as the list and detail calls return it: the def's fields plus id and audit columns. */
export type AnyRecord = { id: string } & Record<string, unknown>;

/** A row of a tree's `lazy-list`: a record that says whether it has children. */
export type TreeRecord = AnyRecord & { hasChildren?: boolean };

/** Any resource's definition (contracts: a specific ResourceDef<F> is assignable to it). */
export type { AnyResourceDef };

/** The calls of a resource: list, detail, add, update, remove, select, export-job; lazy-list for a tree; its actions. */
export function resourceApi(def: AnyResourceDef, transport: ResourceTransport) {
  return {
    list: (query: Record<string, unknown>) => transport.get<Page<AnyRecord>>(pathOf(def, 'list'), query),
    detail: (id: string) => transport.get<AnyRecord | null>(pathOf(def, 'detail'), { id }),
    add: (body: Record<string, unknown>) => transport.post<unknown>(pathOf(def, 'add'), body),
    /** the body carries the id */
    update: (body: Record<string, unknown>) => transport.post<unknown>(pathOf(def, 'update'), body),
    remove: (ids: string[]) => transport.post<unknown>(pathOf(def, 'remove'), undefined, { ids: ids.join(',') }),
    /** queues an .xlsx as an import of the upload centre; answers the import's id */
    importJob: (file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return transport.upload<{ id: string }>(pathOf(def, 'import-job'), form);
    },
    importTemplate: () => transport.download(pathOf(def, 'import-template')),
    importDetail: (id: string) => transport.get<ImportRecord>(IMPORT_PATHS.detail, { id }),
    /** queues the export in the download centre; answers the job's id */
    exportJob: (filters: Record<string, unknown>) => transport.post<{ id: string }>(pathOf(def, 'export-job'), undefined, filters),
    /**
     * One level of a tree: the children of `parent`, or the top level without it;
     * with filters the server answers the matching records of any level.
     */
    lazyList: (parent: string | undefined, filters: Record<string, unknown> = {}) =>
      transport
        .get<TreeRecord[] | null>(`${def.basePath}/lazy-list`, parent === undefined || !def.tree ? filters : { ...filters, [def.tree.parentField]: parent })
        .then((rows) => rows ?? []),
    /** A custom action: the chosen ids in the action's query parameter, the dialog's values as the body. */
    action: (action: ActionDef, ids: string[], body?: Record<string, unknown>) => transport.post<unknown>(actionPath(def, action), body, actionParams(action, ids)),
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;

/** 'toolbar' actions act on nothing: no ids parameter at all. */
function actionParams(action: ActionDef, ids: string[]): Record<string, string> {
  return action.on === 'toolbar' ? {} : { [action.idsParam ?? 'ids']: ids.join(',') };
}

/** The options of a ref: `GET {basePath}/select`; `filters` narrow them as the list's do (the grids of one project). */
export function selectOptions(transport: ResourceTransport, basePath: string, filters?: Record<string, string>): Promise<SelectOption[]> {
  return transport.get<SelectOption[] | null>(`${basePath}/select`, filters).then((list) => list ?? []);
}

/** A whole tree: `GET {basePath}/tree` (the choices of a treeRef, the user page's departments). */
export function treeNodes(transport: ResourceTransport, basePath: string): Promise<TreeNode[]> {
  return transport.get<TreeNode[] | null>(`${basePath}/tree`).then((list) => list ?? []);
}
