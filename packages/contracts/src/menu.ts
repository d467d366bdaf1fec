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

/**
 * The family's codes of buttons that have other codes here (its seed's `topmenu_setting` is our
 * `topmenu_edit` …): whoever is granted ours is granted theirs, so that clients written for the
 * family show the same buttons. `GET /us-system/menu/buttons` answers both.
 */
export const FAMILY_BUTTON_CODES: Readonly<Record<string, string>> = {
  topmenu_edit: 'topmenu_setting',
  datascope_add: 'data_scope_setting',
  apiscope_add: 'api_scope_setting',
  api_view: 'log_api_view',
  error_view: 'log_error_view',
  usual_view: 'log_usual_view',
  region_view: 'region_debug',
};

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
