import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import type { SearchEntry } from './menu-search';
import { useMenuSearch } from './use-menu-search';
import './menu-search.css';

export interface MenuAutocompleteProps {
  topMenus: TopMenu[];
  routesByTop: Record<string, MenuNode[] | undefined>;
  onOpen: (entry: SearchEntry) => void;
}

/** The top-bar search box: the same matching as the dialog, pinyin loaded on first focus. */
export function MenuAutocomplete({ topMenus, routesByTop, onOpen }: MenuAutocompleteProps) {
  const { t } = useTranslation();
  const { search, enablePinyin } = useMenuSearch(topMenus, routesByTop);
  const [query, setQuery] = useState('');
  const results = useMemo(() => search(query, 12), [search, query]);
  const byKey = useMemo(() => new Map(results.map((e) => [`${e.kind}-${e.id}`, e])), [results]);
  return (
    <AutoComplete
      className="wb-menu-autocomplete"
      popupClassName="wb-menu-autocomplete__popup"
      value={query}
      options={results.map((entry) => ({
        value: `${entry.kind}-${entry.id}`,
        label: (
          <div className="wb-menu-search__line">
            <span className="wb-menu-search__name">{entry.name}</span>
            {entry.trail.length > 0 && <span className="wb-menu-search__trail">{entry.trail.join(' / ')}</span>}
          </div>
        ),
      }))}
      onSearch={setQuery}
      onFocus={enablePinyin}
      onSelect={(key: string) => {
        const entry = byKey.get(key);
        setQuery('');
        if (entry) onOpen(entry);
      }}
      popupMatchSelectWidth={300}
      notFoundContent={query.trim() ? t('search.empty') : null}
    >
      <Input size="small" allowClear prefix={<SearchOutlined />} placeholder={t('header.searchPlaceholder')} aria-label={t('header.search')} />
    </AutoComplete>
  );
}
