import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { flattenMenus, normalizePath, opensInIframe } from './menu-resolution';

/**
 * Menu search: the search dialog and the top-bar autocomplete match menu
 * names by case-insensitive prefix. In addition, a Chinese name also
 * matches by its full pinyin and by its initials ('xtgl' finds 系统管理); the
 * pinyin keys come from pinyin-keys.ts, loaded only when a search UI opens.
 */
export type PinyinKeys = (name: string) => string[];
/** The shown name of a menu by code and server name (menu-label.ts); the server name stays searchable. */
export type LabelOf = (code: string | undefined, name: string) => string;

export interface SearchEntry {
  /** a top menu (opens its first page) or a menu of a side menu (a branch opens its first leaf) */
  kind: 'top' | 'menu';
  id: string;
  /** the top menu that holds the entry */
  topId: string;
  top: TopMenu;
  node?: MenuNode;
  name: string;
  /** names from the top menu down to the page's parent, for the result line */
  trail: string[];
  /** lower-case texts a query may be a prefix of */
  keys: string[];
}

/** Lower case, no spaces: 'XT GL' and 'xtgl' are the same query. */
export function normalizeQuery(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

function nameKeys(names: string[], pinyinKeys?: PinyinKeys): string[] {
  const keys = names.flatMap((name) => {
    const lower = name.toLowerCase();
    // Each word of a multi-word name ('System user' → 'user') is a start too.
    const words = lower.split(/[\s/·_-]+/).filter(Boolean);
    return [normalizeQuery(lower), ...words.slice(1), ...(pinyinKeys ? pinyinKeys(name).map(normalizeQuery) : [])];
  });
  return [...new Set(keys.filter(Boolean))];
}

/** Every top menu and every menu of their side menus (not buttons), once per path. */
export function buildSearchIndex(
  topMenus: TopMenu[],
  routesByTop: Record<string, MenuNode[] | undefined>,
  pinyinKeys?: PinyinKeys,
  labelOf: LabelOf = (_code, name) => name,
): SearchEntry[] {
  const seen = new Set<string>();
  const entries: SearchEntry[] = [];
  const firstTime = (path: string, name: string) => {
    const key = !path || opensInIframe(path) || path.includes(':') ? `${path}|${name}` : normalizePath(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const tops = topMenus.flatMap((t) => [t, ...(t.childList ?? [])]);
  for (const top of tops) {
    const topLabel = labelOf(top.code, top.name);
    if (firstTime(top.path ?? '', top.name)) entries.push({ kind: 'top', id: top.id, topId: top.id, top, name: topLabel, trail: [], keys: nameKeys([top.name, topLabel], pinyinKeys) });
    for (const { node, trail } of flattenMenus(routesByTop[top.id] ?? [])) {
      // The root branch named like its top menu is the same place ('系统管理' → '系统管理').
      if (!trail.length && node.name === top.name) continue;
      if (!firstTime(node.path ?? '', node.name)) continue;
      const names = trail.map((n) => labelOf(n.code, n.name));
      if (trail[0]?.name !== top.name) names.unshift(topLabel);
      const label = labelOf(node.code, node.name);
      entries.push({ kind: 'menu', id: node.id, topId: top.id, top, node, name: label, trail: names, keys: nameKeys([node.name, label], pinyinKeys) });
    }
  }
  return entries;
}

/** Entries whose name (or pinyin, or initials) starts with the query; name matches first. */
export function searchMenus(index: SearchEntry[], query: string, limit = 20): SearchEntry[] {
  const q = normalizeQuery(query);
  if (!q) return [];
  const scored: { entry: SearchEntry; rank: number; at: number }[] = [];
  index.forEach((entry, at) => {
    const rank = entry.keys.findIndex((key) => key.startsWith(q));
    if (rank !== -1) scored.push({ entry, rank: rank === 0 ? 0 : 1, at });
  });
  return scored
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .slice(0, limit)
    .map((s) => s.entry);
}
