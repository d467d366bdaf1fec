import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Tabs, type MenuProps } from 'antd';
import type { TabsRef } from 'antd/es/tabs';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { useSession, type Tab } from '../../shared/session-store';
import { feedback } from '../../shared/feedback';
import { queryClient } from '../../shared/query-client';
import { clearServerCache } from '../../features/auth/api/session-calls';
import { closeAllTabs, closeOtherTabs, closeSideTabs, closeTab, tabKey, tabLabel, tabTarget, withHome } from './tab-rules';
import { usePageRefresh } from './page-refresh';
import { tablistOnTabs } from './tablist-role';
import { MenuButton } from '../../shared/ui/menu-button';

type TabAction = 'refresh' | 'closeCurrent' | 'closeLeft' | 'closeRight' | 'clearCache' | 'closeOthers' | 'closeAll';

/**
 * Open pages as tabs, with a context menu on each tab and on the bar's arrow (the active tab):
 * refresh, close it, those left or right of it, the others, all; clear the cache.
 */
export function TabsBar({ activeKey, breadcrumb }: { activeKey: string; breadcrumb?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useSession((s) => s.tabs);
  const setTabs = useSession((s) => s.setTabs);
  const tabs = withHome(stored);

  const goTo = (tab: Tab) => {
    navigate(tabTarget(tab));
  };

  // Tabs closed from the keyboard (the context menu, Delete): focus goes to the tab shown next, not to the page.
  const refocus = useRef(0);
  useEffect(() => {
    if (Date.now() > refocus.current) return;
    const shown = document.querySelector<HTMLElement>('.wb-tabs .ant-tabs-tab-active .ant-tabs-tab-btn');
    if (!shown) return;
    refocus.current = 0;
    shown.focus();
  }, [activeKey, stored]);
  const closing = () => {
    if (document.activeElement?.closest('.wb-tabs')) refocus.current = Date.now() + 1000;
  };

  // a valid tablist: the role on the list of tabs, not on the bar with its extra buttons (tablist-role.ts)
  const bar = useRef<TabsRef>(null);
  useLayoutEffect(() => tablistOnTabs(bar.current?.nativeElement));

  const close = (result: { tabs: Tab[]; next?: Tab }) => {
    closing();
    setTabs(result.tabs);
    if (result.next) goTo(result.next);
  };

  const runAction = (action: TabAction, key: string) => {
    const tab = tabs.find((item) => tabKey(item) === key);
    if (action === 'refresh') {
      if (tab && key !== activeKey) goTo(tab);
      // the kept page of the tab, or the page shown without keeping (keyed '')
      usePageRefresh.getState().refresh(key);
      usePageRefresh.getState().refresh('');
    } else if (action === 'closeCurrent') close(closeTab(tabs, key, activeKey));
    else if (action === 'closeLeft' || action === 'closeRight') close(closeSideTabs(tabs, key, action === 'closeLeft' ? 'left' : 'right', activeKey));
    else if (action === 'clearCache') {
      feedback().modal.confirm({
        title: t('common.confirmTitle'),
        content: t('tabs.clearCacheConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await clearServerCache();
          await queryClient.invalidateQueries();
          void feedback().message.success(t('tabs.cacheCleared'));
        },
      });
    } else if (action === 'closeOthers') {
      closing();
      setTabs(closeOtherTabs(tabs, key));
      const kept = tabs.find((tab) => tabKey(tab) === key);
      if (kept && key !== activeKey) goTo(kept);
    } else {
      closing();
      setTabs(closeAllTabs(tabs));
      navigate(FIRST_PAGE);
    }
  };

  const menuFor = (key: string): MenuProps => {
    const at = tabs.findIndex((tab) => tabKey(tab) === key);
    const closable = (tab: Tab | undefined) => !!tab?.closable;
    return {
      items: [
        { key: 'refresh', label: t('tabs.refresh') },
        { key: 'closeCurrent', label: t('tabs.closeCurrent'), disabled: !closable(tabs[at]) || tabs.length <= 1 },
        { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: !tabs.slice(0, at).some(closable) },
        { key: 'closeRight', label: t('tabs.closeRight'), disabled: !tabs.slice(at + 1).some(closable) },
        { type: 'divider' },
        { key: 'clearCache', label: t('tabs.clearCache') },
        { key: 'closeOthers', label: t('tabs.closeOthers') },
        { key: 'closeAll', label: t('tabs.closeAll') },
      ],
      onClick: ({ key: action }) => runAction(action as TabAction, key),
    };
  };

  return (
    <Tabs
      ref={bar}
      className="wb-tabs"
      type="editable-card"
      size="small"
      hideAdd
      locale={{ removeAriaLabel: t('tabs.closeTab') }}
      activeKey={activeKey}
      items={tabs.map((tab) => ({ key: tabKey(tab), label: tabLabel(t, tab), closable: tab.closable && tabs.length > 1 }))}
      onChange={(key) => {
        const tab = tabs.find((item) => tabKey(item) === key);
        if (tab) goTo(tab);
      }}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(closeTab(tabs, key, activeKey));
      }}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            // a right click, or the ContextMenu key or Shift+F10 on the focused tab
            <MenuButton key={node.key} kind="contextMenu" menu={menuFor(String(node.key))}>
              {node}
            </MenuButton>
          )}
        </DefaultTabBar>
      )}
      tabBarExtraContent={
        <div className="wb-tabs__extra">
          {breadcrumb}
          <MenuButton menu={menuFor(activeKey)} trigger={['click']}>
            <Button type="text" size="small" aria-label={t('tabs.more')} icon={<DownOutlined />} />
          </MenuButton>
        </div>
      }
    />
  );
}
