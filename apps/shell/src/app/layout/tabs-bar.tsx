import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { useSession, type Tab } from '../../shared/session-store';
import { feedback } from '../../shared/feedback';
import { queryClient } from '../../shared/query-client';
import { clearServerCache } from '../../features/auth/api/session-calls';
import { closeAllTabs, closeOtherTabs, closeTab, tabKey, tabLabel, tabTarget, withHome } from './tab-rules';

type TabAction = 'clearCache' | 'closeOthers' | 'closeAll';

/** Open pages as tabs, with a context menu (clear cache, close others, close all). */
export function TabsBar({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useSession((s) => s.tabs);
  const setTabs = useSession((s) => s.setTabs);
  const tabs = withHome(stored);

  const goTo = (tab: Tab) => {
    navigate(tabTarget(tab));
  };

  const runAction = (action: TabAction, key: string) => {
    if (action === 'clearCache') {
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
      setTabs(closeOtherTabs(tabs, key));
      const kept = tabs.find((tab) => tabKey(tab) === key);
      if (kept && key !== activeKey) goTo(kept);
    } else {
      setTabs(closeAllTabs(tabs));
      navigate(FIRST_PAGE);
    }
  };

  const menuFor = (key: string): MenuProps => ({
    items: [
      { key: 'clearCache', label: t('tabs.clearCache') },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key: action }) => runAction(action as TabAction, key),
  });

  return (
    <Tabs
      className="wb-tabs"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      items={tabs.map((tab) => ({ key: tabKey(tab), label: tabLabel(t, tab), closable: tab.closable && tabs.length > 1 }))}
      onChange={(key) => {
        const tab = tabs.find((item) => tabKey(item) === key);
        if (tab) goTo(tab);
      }}
      onEdit={(key, action) => {
        if (action !== 'remove' || typeof key !== 'string') return;
        const result = closeTab(tabs, key, activeKey);
        setTabs(result.tabs);
        if (result.next) goTo(result.next);
      }}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            <Dropdown key={node.key} trigger={['contextMenu']} menu={menuFor(String(node.key))}>
              {node}
            </Dropdown>
          )}
        </DefaultTabBar>
      )}
      tabBarExtraContent={
        <Dropdown menu={menuFor(activeKey)} trigger={['click']}>
          <Button type="text" size="small" aria-label={t('tabs.more')} icon={<DownOutlined />} />
        </Dropdown>
      }
    />
  );
}
