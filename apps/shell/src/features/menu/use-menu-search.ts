import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { menuLabel } from './menu-label';
import { buildSearchIndex, searchMenus, type PinyinKeys, type SearchEntry } from './menu-search';

let pinyinModule: Promise<PinyinKeys> | undefined;

/** pinyin-pro and its dictionary load once, when a search UI first opens. */
function loadPinyinKeys(): Promise<PinyinKeys> {
  pinyinModule ??= import('./pinyin-keys').then((m) => m.pinyinKeys);
  return pinyinModule;
}

/** The menu search over the user's menus; name prefixes work at once, pinyin once loaded. */
export function useMenuSearch(topMenus: TopMenu[], routesByTop: Record<string, MenuNode[] | undefined>) {
  const [pinyin, setPinyin] = useState<PinyinKeys | undefined>(undefined);
  const { t } = useTranslation();
  const index = useMemo(() => buildSearchIndex(topMenus, routesByTop, pinyin, (code, name) => menuLabel(t, code, name)), [topMenus, routesByTop, pinyin, t]);
  const enablePinyin = useCallback(() => {
    if (!pinyin) void loadPinyinKeys().then((fn) => setPinyin(() => fn));
  }, [pinyin]);
  const search = useCallback((query: string, limit?: number): SearchEntry[] => searchMenus(index, query, limit), [index]);
  return { search, enablePinyin, pinyinReady: !!pinyin };
}
