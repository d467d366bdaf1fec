import type { TreeNode } from '@wb/contracts/resource';
import type { ResourceTransport } from '@wb/resource-ui/host';

/** The grant calls of admin spec §7 'Role v1' and the preview and history beside them. */
export interface GrantTrees {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}
export type GrantKeys = Record<keyof GrantTrees, string[]>;

export interface PreviewMenu {
  id: string;
  name: string;
  code: string;
  children?: PreviewMenu[];
}
export interface ViewAs {
  menus: PreviewMenu[];
  buttons: string[];
  dataScopes: { resourceCode: string; scopeName: string; scopeType: number }[];
  apiScopes: { scopeName: string; scopePath: string }[];
}
export interface GrantLogRecord {
  id: string;
  field: 'menu' | 'dataScope' | 'apiScope' | 'role';
  added: string[];
  removed: string[];
  operatorName: string;
  createTime: string;
}

/** The ids a grant saves, comma-joined: menus checked and half-checked (a parent holds its buttons), scope leaves only. */
export interface GrantChoice {
  menuIds: string;
  dataScopeIds: string;
  apiScopeIds: string;
}

export const grantApi = (t: ResourceTransport) => ({
  trees: () => t.get<GrantTrees>('/us-system/menu/grant-tree'),
  keys: (roleId: string) => t.get<GrantKeys>('/us-system/menu/role-tree-keys', { roleIds: roleId }),
  save: (roleId: string, choice: GrantChoice) => t.post<unknown>('/us-system/role/grant', { roleIds: roleId, ...choice }),
  preview: (choice: GrantChoice) => t.post<ViewAs>('/us-system/role/view-as', choice),
  /** what a user holds now, through all their roles */
  previewUser: (userId: string) => t.post<ViewAs>('/us-system/role/view-as', { userId }),
  history: (roleId: string, current: number) => t.get<{ records: GrantLogRecord[]; total: number }>('/us-system/role/grant-log', { roleId, current, size: 20 }),
});

/** Scope trees hold their menus as containers ('m<id>'): only the scopes' own ids are saved. */
export const scopeLeaves = (keys: string[]) => keys.filter((k) => /^\d+$/.test(k));
