import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { QR_CONFIRM_PAGE } from '@wb/contracts/auth';
import { FIRST_PAGE, LOCK_PAGE } from '@wb/contracts/constants';
import { setNavigator } from '../shared/navigation';
import { PageLoading } from '../shared/ui/page-loading';
import { LoginDocument, RequireAuth } from './guards';
import { fixedPages, processPages } from './page-registry';
import { ErrorBoundary } from './error-boundary';
import type { OutsidePageKind } from './pages/outside-page';

/*
 * Every page is its own chunk. /login is not among them: it is a document of
 * its own (login.html, login-main.tsx), pre-rendered, which the server answers
 * /login with. The declarative router (BrowserRouter + a route config): nothing
 * here uses loaders or actions. Guards are wrapper components.
 */
const MainLayout = lazy(() => import('./layout/main-layout'));
const WelcomePage = lazy(() => import('./pages/welcome-page'));
const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const IframePage = lazy(() => import('./pages/iframe-page'));
const MenuPage = lazy(() => import('./pages/menu-page'));
const AuthRedirectPage = lazy(() => import('./pages/auth-redirect-page'));
const LockPage = lazy(() => import('../features/lock/lock-page'));
const ErrorPage = lazy(() => import('./pages/error-page'));
const RetrievePasswordPage = lazy(() => import('../features/auth/retrieve-password-page'));
const InfoPage = lazy(() => import('../features/account/info-page'));
const ErrorLogPage = lazy(() => import('../features/error-log/error-log-page'));
const OutsidePage = lazy(() => import('./pages/outside-page'));
const QrConfirmPage = lazy(() => import('../features/qr-confirm/qr-confirm-page'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

function outsidePage(kind: OutsidePageKind) {
  return (
    <RequireAuth>
      <Suspense fallback={<PageLoading />}>
        <OutsidePage kind={kind} />
      </Suspense>
    </RequireAuth>
  );
}

function errorPage(status: '403' | '404' | '500') {
  return (
    <Suspense fallback={<PageLoading />}>
      <ErrorPage status={status} />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginDocument /> },
  { path: LOCK_PAGE, element: <RequireAuth>{page(LockPage)}</RequireAuth> },
  // Password retrieval needs no session.
  { path: '/forgot-password', element: page(RetrievePasswordPage) },
  // the relay a third-party login returns to; needs no session either
  { path: '/authredirect', element: page(AuthRedirectPage) },
  // a redirect target (shell spec §2): the first page
  { path: '/home', element: <Navigate to="/" replace /> },
  // Pages outside the shell: no header, no sidebar.
  { path: '/parking', element: outsidePage('parking') },
  { path: '/work/trajectoryPage', element: outsidePage('trajectoryPage') },
  { path: '/work/trajectoryPerson', element: outsidePage('trajectoryPerson') },
  { path: '/batchDialogFullScreen', element: outsidePage('dispatch') },
  // a phone confirms a QR login: a page of its own, small screens have no room for the shell
  { path: QR_CONFIRM_PAGE, element: <RequireAuth>{page(QrConfirmPage)}</RequireAuth> },
  {
    path: '/',
    element: <RequireAuth>{page(MainLayout)}</RequireAuth>,
    children: [
      { index: true, element: <Navigate to="/wel" replace /> },
      { path: 'wel', element: <Navigate to={FIRST_PAGE} replace /> },
      { path: 'wel/index', element: page(WelcomePage) },
      { path: 'wel/dashboard', element: page(DashboardPage) },
      { path: 'myiframe/*', element: page(IframePage) },
      { path: 'info/index', element: page(InfoPage) },
      { path: 'logs', element: page(ErrorLogPage) },
      // the error pages the app moves to are inside the shell: its menus stay to go on with (a fresh
      // load of /404, /403 or /500 is the server's pre-rendered document, status-documents.tsx)
      { path: '404', element: errorPage('404') },
      { path: '403', element: errorPage('403') },
      { path: '500', element: errorPage('500') },
      ...Object.entries(fixedPages).map(([path, Page]) => ({ path: path.slice(1), element: page(Page) })),
      // the flow's process pages under /work (the leave form, handle and detail)
      ...processPages.map(([path, Page]) => ({ path, element: page(Page) })),
      // Menu routes come from the server: the catch-all looks the path up in the loaded menus.
      { path: '*', element: page(MenuPage) },
    ],
  },
];

/** Lets non-React code (a 401 in the request client) navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

function Routes() {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{useRoutes(routes)}</ErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Routes />
    </BrowserRouter>
  );
}
