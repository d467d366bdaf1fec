import { useEffect, useMemo, useState } from 'react';
import { Empty, Input, Modal, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import '../../shared/i18n/shell-texts';
import type { SearchEntry } from './menu-search';
import { useMenuSearch } from './use-menu-search';
import './menu-search.css';

export interface MenuSearchDialogProps {
  topMenus: TopMenu[];
  routesByTop: Record<string, MenuNode[] | undefined>;
  onOpen: (entry: SearchEntry) => void;
  onClose: () => void;
}

/** The menu search dialog: type a name, its pinyin or initials; ↑↓ and Enter pick; Esc closes. */
export default function MenuSearchDialog({ topMenus, routesByTop, onOpen, onClose }: MenuSearchDialogProps) {
  const { t } = useTranslation();
  const { search, enablePinyin } = useMenuSearch(topMenus, routesByTop);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => search(query, 30), [search, query]);

  useEffect(enablePinyin, [enablePinyin]);
  useEffect(() => setActive(0), [query]);

  const open = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    onClose();
    onOpen(entry);
  };

  return (
    <Modal open title={t('search.title')} footer={null} width={600} onCancel={onClose} destroyOnHidden className="wb-menu-search">
      <Input
        autoFocus
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(results.length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === 'Enter') {
            open(results[active]);
          }
        }}
      />
      <div className="wb-menu-search__results" role="listbox" aria-label={t('search.title')}>
        {query.trim() && !results.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />}
        {results.map((entry, i) => (
          <div
            key={`${entry.kind}-${entry.id}`}
            role="option"
            aria-selected={i === active}
            className={`wb-menu-search__item${i === active ? ' wb-menu-search__item--active' : ''}`}
            onMouseEnter={() => setActive(i)}
            onClick={() => open(entry)}
          >
            <span className="wb-menu-search__name">{entry.name}</span>
            {entry.trail.length > 0 && <span className="wb-menu-search__trail">{entry.trail.join(' / ')}</span>}
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" className="wb-menu-search__hint">
        {t('search.hint')}
      </Typography.Text>
    </Modal>
  );
}
