/** A top menu, as GET /us-system/v2/top-menu-multi/top-menu answers it. */
export interface TopMenu {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
  /** mount prefix of the sub-application this top menu opens, '' for shell pages */
  serviceName: string;
  /** opens in a new window instead of loading a side menu */
  isBlank?: boolean;
  /** a dropdown item: its entries are top menus themselves */
  childList?: TopMenu[];
}

/** Menu node of /us-system/v2/menu-multi/routes and of the trees. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  /** 1 menu, 2 button */
  category: number;
  action: number;
  /** 1 same tab, 2 new window */
  isOpen: number;
  remark: string;
  serviceName: string;
  isBlank: boolean;
  enableGray: boolean;
  grayPath: string;
  query: string;
  topMenuIds: string;
  meta: { i18n?: string; isTab?: boolean; keepAlive?: boolean; serviceName?: string; roles?: string[] };
  /** absent on a leaf: the family's clients find button codes on the nodes without children */
  children?: MenuNode[];
  hasChildren: boolean;
}

/** Node of GET /us-system/menu/buttons: menus holding button codes as children. */
export interface ButtonNode {
  id: string;
  code: string;
  name: string;
  category: number;
  children?: ButtonNode[];
}

/** Button codes (code → true) of a /us-system/menu/buttons tree: the shell's and every sub-app's permission check. */
export function flattenButtonCodes(nodes: ButtonNode[] | undefined | null): Record<string, true> {
  const map: Record<string, true> = {};
  const walk = (list: ButtonNode[]) => {
    for (const node of list) {
      if (node.code) map[node.code] = true;
      if (node.children?.length) walk(node.children);
    }
  };
  walk(nodes ?? []);
  return map;
}
