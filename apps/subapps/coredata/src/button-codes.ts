import type { ButtonNode } from '@wb/contracts/menu';

/** Button codes (code → true) of a /us-system/menu/buttons tree. */
export function flattenButtonCodes(nodes: ButtonNode[] | null | undefined): Record<string, true> {
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
