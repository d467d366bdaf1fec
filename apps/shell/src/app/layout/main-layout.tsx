import { lazy, Suspense, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Alert, Layout, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { SIDEBAR_WIDTH } from '@wb/contracts/constants';
import '../../shared/i18n/shell-texts';
import { useSession, type Tab } from '../../shared/session-store';
import { useShellUi } from '../../shared/shell-ui-store';
import { useScreenClass } from '../../shared/screen';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { registerModalApi } from '../../shared/feedback';
import { followLanguageWithDayjs } from '../../shared/i18n/dayjs-locale';
import { ThemeScope, chromeVariables, useCurrentTheme } from '../../shared/theme/theme-scope';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { buttonsQuery } from '../../features/menu/api/menu-queries';
import { useTokenCheck } from '../../features/auth/use-token-check';
import { useIdleLock } from '../../features/lock/use-idle-lock';
import { useProjectStartup } from '../../features/project-picker/use-project-startup';
import { MicroAppStage, subAppHeight } from '../../features/micro-apps/micro-app-stage';
import { useMicroApps } from '../../features/micro-apps/micro-apps-store';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import { PageBreadcrumb } from './page-breadcrumb';
import { KeptOutlet } from './kept-outlet';
import { describePage, tabOfAddress } from './current-page';
import { useSubAppRoute } from '../../features/micro-apps/use-sub-app-route';
import { normalizePrefix, SUB_APP_MOVE } from '../../features/micro-apps/registry';
import { sidebarHidden } from './sidebar-rules';
import { openTab, tabKey, tabLabel, withHome } from './tab-rules';
import { recordMenuUse } from '../../features/home/menu-use';
import { useOpenMenu } from './use-open-menu';
import { useQueryActions } from './use-query-actions';
import { useTopMenuSync } from './use-top-menu-sync';
import { useWindowHeight } from '../../shared/ui/use-window-height';
import { keepFocus } from '../../shared/ui/focus-return';
import { focusRingVariables } from './focus-ring';
import './layout.css';

// Shown only for an account without menus.
const NoMenuDialog = lazy(() => import('./no-menu-dialog'));

/** The page's region, where the skip link leads. */
const MAIN_ID = 'wb-main';

/** Header (56 px) + tab bar (44 px): the view gets the window height minus 100 px. */
const CHROME_HEIGHT = 100;
const TABS_HEIGHT = 44;

followLanguageWithDayjs();

function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const index = useMenuIndex();
  const topMenuId = useSession((s) => s.topMenuId);
  const setPermission = useSession((s) => s.setPermission);
  const { themeName, color, chrome } = useCurrentTheme();
  const screen = useScreenClass();
  const ui = useShellUi();
  const fullscreen = params.get('mode') === 'fullscreen' || ui.fullscreen;
  // Small screens fold the sidebar; the user (or a sub-app's toggle-menu event) may unfold it.
  useEffect(() => useShellUi.getState().setSidebarCollapsed(screen < 2), [screen]);
  const windowHeight = useWindowHeight();
  const { openTopMenu } = useOpenMenu();

  // Confirm dialogs (logout, delete, clear cache) follow the theme while the layout is shown.
  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => registerModalApi(modal), [modal]);
  // A sub-app's wishes (hide the picker or the sidebar) do not outlive the layout.
  useEffect(() => () => useShellUi.getState().reset(), []);

  // Focus that loses what held it (a dialog closed, a menu's item chosen) goes back to what was focused before.
  useEffect(() => keepFocus(), []);
  // The focus ring's colours, on the document: menus and dialogs are rendered outside the layout.
  useEffect(() => {
    const root = document.documentElement.style;
    const variables = Object.entries(focusRingVariables(color, chrome));
    for (const [name, value] of variables) root.setProperty(name, value);
    return () => variables.forEach(([name]) => root.removeProperty(name));
  }, [color, chrome]);

  useTokenCheck();
  useIdleLock();
  useProjectStartup();
  useTopMenuSync(location.pathname, index);
  const { blockedTarget, dismiss } = useQueryActions(index.topMenus, openTopMenu);

  // Buttons are loaded for the selected top menu; the map guards buttons in pages.
  const buttons = useQuery(buttonsQuery(topMenuId));
  useEffect(() => {
    if (buttons.data) setPermission(buttons.data);
  }, [buttons.data, setPermission]);

  const subApp = useSubAppRoute().descriptor;
  const appPrefix = subApp ? normalizePrefix(subApp.prefix) : undefined;
  const page = useMemo(() => describePage(location.pathname, location.search, index.routesByTop, appPrefix), [location.pathname, location.search, index.routesByTop, appPrefix]);
  usePageTitle(page ? tabLabel(t, page.tab) : undefined);

  // Keyed on the tab's identity, not the page object: closing tabs must not re-open
  // the page being left while the navigation away from it is still pending.
  const previousTab = useRef<Tab | undefined>(undefined);
  const appMove = !!(location.state as Record<string, unknown> | null)?.[SUB_APP_MOVE];
  const openedTab = tabOfAddress(page, `${location.pathname}${location.search}`, useSession.getState().tabs, previousTab.current, appMove, appPrefix);
  useEffect(() => {
    previousTab.current = openedTab;
  });
  const openedKey = openedTab ? `${tabKey(openedTab)}|${openedTab.label}|${openedTab.route ?? ''}` : '';
  useEffect(() => {
    if (!openedTab) return;
    const session = useSession.getState();
    session.setTabs(openTab(session.tabs, openedTab));
    // what the user opens, counted for the workbench's shortcuts
    if (page?.menu) recordMenuUse(page.menu, openedTab.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the tab's identity, as said above
  }, [openedKey]);

  // Pages of the shell are kept mounted while their tab is open, a menu's page when its meta says keepAlive; sub-apps are kept by their stage.
  const keptKey = openedTab && !subApp && (page?.menu ? page.menu.meta?.keepAlive === true : true) ? tabKey(openedTab) : undefined;
  const tabs = useSession((s) => s.tabs);
  const openKeys = useMemo(() => withHome(tabs).map(tabKey), [tabs]);
  const view = useRef<HTMLElement>(null);

  const sideRoutes = (topMenuId && index.routesByTop[topMenuId]) || [];
  const activeSubApp = useMicroApps((s) => s.active);
  const showSider = !sidebarHidden({ path: location.pathname, fullscreen, subAppHidden: ui.sidebarHidden, hasSideMenu: sideRoutes.length > 0, subApp: activeSubApp });
  const noMenu = !index.pending && !index.failed && index.topMenus.length === 0;
  // computed once per theme and colour: the readable shades are derived, not free, and the layout renders on every navigation
  const style = useMemo(() => chromeVariables(chrome, color) as CSSProperties, [chrome, color]);

  return (
    <Layout className={`wb-layout ${themeName}`} style={style}>
      <a
        className="wb-skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // focus, not the address's #fragment: the router keeps the page's address
          event.preventDefault();
          view.current?.focus();
        }}
      >
        {t('header.skipToContent')}
      </a>
      {!fullscreen && (
        <AppHeader
          topMenus={index.topMenus}
          routesByTop={index.routesByTop}
          dark={chrome.headerDark}
          screen={screen}
          atHome={location.pathname.startsWith('/wel')}
          outsideMenus={!!page && !page.menu && !subApp}
        />
      )}
      <Layout>
        {showSider && (
          <Layout.Sider
            className="wb-sider"
            theme={chrome.siderDark ? 'dark' : 'light'}
            width={SIDEBAR_WIDTH}
            collapsible
            collapsed={ui.sidebarCollapsed}
            onCollapse={ui.setSidebarCollapsed}
          >
            <SideMenu routes={sideRoutes} collapsed={ui.sidebarCollapsed} dark={chrome.siderDark} />
          </Layout.Sider>
        )}
        <Layout.Content className="wb-main">
          <TabsBar
            activeKey={openedTab ? tabKey(openedTab) : page ? tabKey(page.tab) : ''}
            // beside the tabs where the row has room for it
            breadcrumb={screen >= 3 && <PageBreadcrumb menu={page?.menu} routes={sideRoutes} top={index.topMenus.find((top) => top.id === topMenuId)} beneath={!!page?.tab.route} />}
          />
          <main ref={view} id={MAIN_ID} tabIndex={-1} className="wb-view" style={{ height: windowHeight - (fullscreen ? TABS_HEIGHT : CHROME_HEIGHT) }}>
            {blockedTarget && (
              <Alert
                type="info"
                showIcon
                closable
                onClose={dismiss}
                style={{ marginBottom: 12 }}
                message={
                  <>
                    {t('page.targetBlocked')}{' '}
                    <a href={blockedTarget} target="_blank" rel="noopener noreferrer" onClick={dismiss}>
                      {blockedTarget}
                    </a>
                  </>
                }
              />
            )}
            <KeptOutlet activeKey={keptKey} openKeys={openKeys} view={view} />
            <MicroAppStage height={subAppHeight(windowHeight, fullscreen)} />
          </main>
        </Layout.Content>
      </Layout>
      {noMenu && (
        <Suspense fallback={null}>
          <NoMenuDialog open />
        </Suspense>
      )}
      {modalHolder}
    </Layout>
  );
}

/** Header, sidebar, tabs and the view of every signed-in page, in the chosen theme. */
export default function MainLayout() {
  return (
    <ThemeScope>
      <ShellLayout />
    </ThemeScope>
  );
}
