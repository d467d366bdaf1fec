import { lazy, Suspense, useEffect, useMemo } from 'react';
import { App as AntApp, Breadcrumb, Button, ConfigProvider, Layout, Menu, Space, Spin, theme, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { registerResourceI18n, resourceKeys } from '@wb/resource-ui/resource-i18n';
import { base } from './base-path-runtime';
import { useBridge } from './bridge';
import { CoredataHost } from './host';
import { i18n } from './i18n';
import { LoginPage } from './pages/login-page';
import { OverviewPage } from './pages/overview-page';
import { PAGES } from './resources';
import { session, useSignedIn } from './session';
import { antdThemeOf } from './theme';
import { inWujie } from './wujie';

// ProComponents come with the list pages only: the login form and the overview load without them.
const ResourceRoute = lazy(() => import('./pages/resource-route').then((m) => ({ default: m.ResourceRoute })));

/**
 * A dialog's drop-downs open inside the dialog. In wujie the popups' default home is the app's
 * shadow body, which clips at the height of the page behind the dialog: a long list under a field
 * low in a tall form (物联设备's 设备类型) flipped upwards and was cut off.
 */
const popupContainer = (trigger?: HTMLElement): HTMLElement => trigger?.closest<HTMLElement>('.ant-modal-wrap') ?? document.body;

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** A 'route-change' from the shell (a kept-alive app is not re-mounted) opens the page it names. */
function ShellRouteSync() {
  const route = useBridge((s) => s.route);
  const navigate = useNavigate();
  useEffect(() => {
    if (route) navigate(route.path);
  }, [route, navigate]);
  return null;
}

/** Standalone: a header with the pages and the user; inside the shell the shell's menu does that. */
function Frame() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  for (const { def } of PAGES) registerResourceI18n(i18n, def);
  const current = PAGES.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
  const items = useMemo(
    () => [{ key: '/', label: <Link to="/">{t('app.overview')}</Link> }, ...PAGES.map(({ path, def }) => ({ key: path, label: <Link to={path}>{t(resourceKeys(def).title)}</Link> }))],
    [t],
  );
  const routes = (
    <Routes>
      <Route index element={<OverviewPage />} />
      {PAGES.map(({ path, def }) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
              {/* keyed: the same element type on every list route would otherwise keep the previous list */}
              <ResourceRoute key={def.name} def={def} />
            </Suspense>
          }
        />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );

  if (inWujie()) {
    return (
      // the page's own background and text colour follow the theme (dark: the shell's dark page)
      <div className="coredata-app" style={{ padding: 16, minHeight: '100%', background: token.colorBgLayout, color: token.colorText }}>
        <ShellRouteSync />
        <Breadcrumb style={{ marginBottom: 12 }} items={[{ title: <Link to="/">{t('app.title')}</Link> }, ...(current ? [{ title: t(resourceKeys(current.def).title) }] : [])]} />
        {routes}
      </div>
    );
  }
  const user = session.user();
  return (
    <Layout className="coredata-app" style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {t('app.title')}
        </Typography.Title>
        <Menu mode="horizontal" selectedKeys={[current?.path ?? '/']} items={items} style={{ flex: 1, minWidth: 0, borderBottom: 'none' }} />
        <Space>
          <span className="coredata-user">{user?.userName || user?.account}</span>
          <Button icon={<LogoutOutlined />} onClick={() => session.logout()}>
            {t('app.logout')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{routes}</Layout.Content>
    </Layout>
  );
}

function Root() {
  const signedIn = useSignedIn();
  if (!signedIn) return <LoginPage />;
  return (
    <CoredataHost>
      <BrowserRouter basename={base()}>
        <Frame />
      </BrowserRouter>
    </CoredataHost>
  );
}

export function App() {
  const locale = useBridge((s) => s.locale) ?? session.locale();
  // the shell's theme and colour, live: a 'theme-change' re-themes every component
  const look = useBridge((s) => s.look);
  const antdTheme = useMemo(() => antdThemeOf(look), [look]);
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    // its <html> (in the shell, the one in wujie's shadow root) says the language its words are in
    document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
  }, [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale === 'en' ? enUS : zhCN} theme={antdTheme} getPopupContainer={popupContainer}>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <Root />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
