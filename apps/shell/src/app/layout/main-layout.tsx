import { useEffect, useMemo, useState } from 'react';
import { Layout, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { SIDEBAR_WIDTH } from '@wb/contracts/constants';
import { useSession } from '../../shared/session-store';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { setModalApi } from '../../shared/feedback';
import { followLanguageWithDayjs } from '../../shared/i18n/dayjs-locale';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { buttonsQuery } from '../../features/menu/api/menu-queries';
import { useTokenCheck } from '../../features/auth/use-token-check';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import { NoMenuDialog } from './no-menu-dialog';
import { describePage } from './current-page';
import { openTab, tabKey } from './tab-rules';
import { useTopMenuSync } from './use-top-menu-sync';
import { useWindowHeight } from './use-window-height';
import './layout.css';

/** Header (56 px) + tab bar (44 px): the view gets the window height minus 100 px (spec §2 Layout). */
const CHROME_HEIGHT = 100;
const TABS_HEIGHT = 44;

followLanguageWithDayjs();

/** Header, sidebar, tabs and the view of every signed-in page. */
export default function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const fullscreen = params.get('mode') === 'fullscreen';
  const index = useMenuIndex();
  const topMenuId = useSession((s) => s.topMenuId);
  const setPermission = useSession((s) => s.setPermission);
  const [collapsed, setCollapsed] = useState(false);
  const windowHeight = useWindowHeight();
  // Confirm dialogs (logout, delete, clear cache) are only offered inside the layout.
  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => {
    setModalApi(modal);
    return () => setModalApi(null);
  }, [modal]);

  useTokenCheck();
  useTopMenuSync(location.pathname, index);

  // Buttons follow the selected top menu (spec §4); the map guards buttons in pages.
  const buttons = useQuery(buttonsQuery(topMenuId));
  useEffect(() => {
    if (buttons.data) setPermission(buttons.data);
  }, [buttons.data, setPermission]);

  const page = useMemo(
    () => describePage(location.pathname, location.search, index.routesByTop),
    [location.pathname, location.search, index.routesByTop],
  );
  usePageTitle(page ? (page.tab.labelKey ? t(page.tab.labelKey) : page.tab.label) : undefined);
  // Keyed on the tab's identity, not the page object: closing tabs must not re-open
  // the page being left while the navigation away from it is still pending.
  const openedTab = page?.isTab ? page.tab : undefined;
  const openedKey = openedTab ? `${tabKey(openedTab)}|${openedTab.label}` : '';
  useEffect(() => {
    if (!openedTab) return;
    const session = useSession.getState();
    session.setTabs(openTab(session.tabs, openedTab));
  }, [openedKey]);

  const sideRoutes = (topMenuId && index.routesByTop[topMenuId]) || [];
  const onWorkbench = location.pathname.startsWith('/wel');
  const showSider = !fullscreen && !onWorkbench && sideRoutes.length > 0;
  const noMenu = !index.pending && !index.failed && index.topMenus.length === 0;

  return (
    <Layout className="wb-layout">
      {!fullscreen && <AppHeader topMenus={index.topMenus} />}
      <Layout>
        {showSider && (
          <Layout.Sider
            className="wb-sider"
            theme="light"
            width={SIDEBAR_WIDTH}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
          >
            <SideMenu routes={sideRoutes} collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="wb-main">
          <TabsBar activeKey={page ? tabKey(page.tab) : ''} />
          <main className="wb-view" style={{ height: windowHeight - (fullscreen ? TABS_HEIGHT : CHROME_HEIGHT) }}>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
      <NoMenuDialog open={noMenu} />
      {modalHolder}
    </Layout>
  );
}
