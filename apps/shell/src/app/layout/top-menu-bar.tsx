import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { menuLabel } from '../../features/menu/menu-label';
import { navigateTo } from '../../shared/navigation';
import { useSession } from '../../shared/session-store';
import { useOpenMenu } from './use-open-menu';

const HOME_KEY = '__home';

function flatten(list: TopMenu[]): TopMenu[] {
  return list.flatMap((top) => [top, ...flatten(top.childList ?? [])]);
}

/** A fixed home item plus the server's top menus; items with childList are dropdowns. */
export function TopMenuBar({ topMenus, dark, atHome }: { topMenus: TopMenu[]; dark: boolean; atHome: boolean }) {
  const { t } = useTranslation();
  const topMenuId = useSession((s) => s.topMenuId);
  const { openTopMenu } = useOpenMenu();

  const byId = useMemo(() => new Map(flatten(topMenus).map((top) => [top.id, top])), [topMenus]);
  const items = useMemo<MenuProps['items']>(() => {
    const toItem = (top: TopMenu): NonNullable<MenuProps['items']>[number] => {
      const label = menuLabel(t, top.code, top.name);
      return top.childList?.length ? { key: top.id, label, children: top.childList.map(toItem) } : { key: top.id, label };
    };
    return [{ key: HOME_KEY, label: t('menu.home'), icon: <HomeOutlined /> }, ...topMenus.map(toItem)];
  }, [topMenus, t]);

  const selected = atHome ? HOME_KEY : topMenuId;

  return (
    <Menu
      className="wb-top-menu"
      mode="horizontal"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => {
        if (key === HOME_KEY) {
          navigateTo(FIRST_PAGE);
          return;
        }
        const top = byId.get(key);
        if (top) void openTopMenu(top);
      }}
    />
  );
}
