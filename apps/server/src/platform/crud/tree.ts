import type { TreeNode } from '@wb/contracts/resource';

/** One row of a tree as read for it: key, parent key, label. */
export interface TreeRow {
  key: string;
  parent: string;
  label: string;
  hasChildren?: boolean;
}

export const treeNode = (r: TreeRow, hasChildren: boolean): TreeNode => ({ id: r.key, parentId: r.parent, title: r.label, key: r.key, value: r.key, hasChildren });

/**
 * Nests rows (already in display order) under their parents. A leaf carries no
 * `children` key: clients of the platform family collect leaves by that absence.
 * A row whose parent is not among the rows is a top-level node.
 */
export function buildTree(rows: TreeRow[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) nodes.set(r.key, treeNode(r, false));
  const top: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.key)!;
    const parent = r.parent !== r.key ? nodes.get(r.parent) : undefined;
    if (!parent) {
      top.push(node);
      continue;
    }
    parent.hasChildren = true;
    (parent.children ??= []).push(node);
  }
  return top;
}

/** The ancestors value of a node under `parent` (the root's when parent is undefined). */
export const ancestorsUnder = (root: string, parent?: { key: string; ancestors: string }): string => (parent ? `${parent.ancestors || root},${parent.key}` : root);
