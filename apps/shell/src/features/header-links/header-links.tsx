import { Button } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fillPlaceholders, type PlaceholderValues } from '../../shared/placeholders';
import { MenuButton } from '../../shared/ui/menu-button';
import { headerLinksQuery, visibleLinks } from './api/header-links';

/**
 * The business-systems dropdown of the top bar: the header links of the
 * current project, shown only when there is one; each opens in a new window
 * with its `${field}` placeholders filled from the user info.
 */
export function HeaderLinks({ projectId, values }: { projectId: string | undefined; values: PlaceholderValues }) {
  const { t } = useTranslation();
  const links = useQuery(headerLinksQuery(projectId));
  const shown = visibleLinks(links.data ?? [], projectId);
  if (!shown.length) return null;
  return (
    <MenuButton
      menu={{
        items: [{ type: 'group', key: 'title', label: t('header.businessSystems'), children: shown.map((link) => ({ key: link.id, label: link.name })) }],
        onClick: ({ key }) => {
          const link = shown.find((l) => l.id === key);
          if (link) window.open(fillPlaceholders(link.url, values), '_blank', 'noopener,noreferrer');
        },
      }}
    >
      <Button type="text" className="wb-header__action wb-header-links" icon={<AppstoreOutlined />} aria-label={t('header.businessSystems')} title={t('header.businessSystems')} />
    </MenuButton>
  );
}
