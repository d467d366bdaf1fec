import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { EllipsisOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { menuLabel } from '../../features/menu/menu-label';
import { navigateTo } from '../../shared/navigation';
import { useSession } from '../../shared/session-store';
import { useMenuClosedOnChoice } from '../../shared/ui/closed-on-choice';
import { fitTopMenus } from './top-menu-fit';
import { useOpenMenu } from './use-open-menu';

const HOME_KEY = '__home';
const MORE_KEY = '__more';
/** an item's padding each side (layout.css) and the home item's icon with its gap */
const ITEM_PADDING = 12;
const ICON = 24;
const MORE_WIDTH = 48;

type Item = NonNullable<MenuProps['items']>[number];

/**
 * The items behind '…' under keys of their own: the menu remembers where a key was, and a
 * section just moved into the row would otherwise still mark '…' as holding the selection.
 */
const MORE_PREFIX = 'more:';
function behindMore(item: Item): Item {
  if (!item || !('key' in item)) return item;
  const children = 'children' in item && item.children ? { children: item.children.map(behindMore) } : {};
  return { ...item, key: `${MORE_PREFIX}${String(item.key)}`, ...children } as Item;
}

function flatten(list: TopMenu[]): TopMenu[] {
  return list.flatMap((top) => [top, ...flatten(top.childList ?? [])]);
}

let canvas: HTMLCanvasElement | undefined;
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 14;
  context.font = font;
  return context.measureText(text).width;
}

/**
 * A fixed home item plus the server's top menus; items with childList are dropdowns.
 * The items that do not fit the row go behind '…' (ours, not antd's overflow, which
 * hides whatever comes last, the selected section included: top-menu-fit.ts).
 */
export function TopMenuBar({ topMenus, dark, atHome, outsideMenus = false }: { topMenus: TopMenu[]; dark: boolean; atHome: boolean; outsideMenus?: boolean }) {
  const { t, i18n } = useTranslation();
  const topMenuId = useSession((s) => s.topMenuId);
  const { openTopMenu } = useOpenMenu();
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  const [font, setFont] = useState('');
  const popups = useMenuClosedOnChoice(() => box.current);

  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    setFont(getComputedStyle(node).font);
    // measured again once the page's fonts have loaded: a fallback font measures otherwise
    void document.fonts?.ready.then(() => setFont(`${getComputedStyle(node).font} `));
    const observer = new ResizeObserver(([entry]) => setAvailable(Math.floor(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const byId = useMemo(() => new Map(flatten(topMenus).map((top) => [top.id, top])), [topMenus]);
  const selected = atHome ? HOME_KEY : outsideMenus ? undefined : topMenuId;

  const items = useMemo<MenuProps['items']>(() => {
    const toItem = (top: TopMenu): Item => {
      const label = menuLabel(t, top.code, top.name);
      return top.childList?.length ? { key: top.id, label, children: top.childList.map(toItem) } : { key: top.id, label };
    };
    const home = t('menu.home');
    const all: Item[] = [{ key: HOME_KEY, label: home, icon: <HomeOutlined /> }, ...topMenus.map(toItem)];
    if (!available || !font) return all;
    const widths = [textWidth(home, font) + ICON + 2 * ITEM_PADDING, ...topMenus.map((top) => textWidth(menuLabel(t, top.code, top.name), font) + 2 * ITEM_PADDING)].map(Math.ceil);
    const selectedAt = topMenus.findIndex((top) => top.id === topMenuId || flatten(top.childList ?? []).some((child) => child.id === topMenuId));
    const shown = fitTopMenus(widths, available, MORE_WIDTH, atHome ? 0 : selectedAt + 1);
    if (shown.length === all.length) return all;
    const rest = all.filter((_, i) => !shown.includes(i)).map(behindMore);
    return [...shown.map((i) => all[i]), { key: MORE_KEY, label: <EllipsisOutlined aria-label={t('menu.more')} />, children: rest }];
    // i18n.language: the widths change with the names' language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [topMenus, t, i18n.language, available, font, topMenuId, atHome]);

  return (
    <div ref={box} className="wb-top-menu-box" {...popups.triggerProps}>
      <Menu
        className="wb-top-menu"
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        items={items}
        disabledOverflow
        {...popups.menuProps}
        selectedKeys={selected ? [selected] : []}
        onClick={({ key: clicked }) => {
          popups.choose();
          const key = clicked.startsWith(MORE_PREFIX) ? clicked.slice(MORE_PREFIX.length) : clicked;
          if (key === HOME_KEY) {
            navigateTo(FIRST_PAGE);
            return;
          }
          const top = byId.get(key);
          if (top) void openTopMenu(top);
        }}
      />
    </div>
  );
}
