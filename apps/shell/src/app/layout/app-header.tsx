import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { appEnv } from '../../shared/env';
import { navigateTo } from '../../shared/navigation';
import { useSession } from '../../shared/session-store';
import { useShellUi } from '../../shared/shell-ui-store';
import type { ScreenClass } from '../../shared/screen';
import { useLogout } from '../../features/auth/use-logout';
import { ErrorLogBadge } from '../../features/error-log/error-log-badge';
import { ExportIndicator } from '../../features/micro-apps/export-indicator';
import { NoticeBell } from '../../features/notices/notice-bell';
import { UpgradeNoticeLink } from '../../features/upgrade-notice/upgrade-notice-link';
import { HeaderLinks } from '../../features/header-links/header-links';
import { lockScreen } from '../../features/lock/lock-actions';
import { MenuAutocomplete } from '../../features/menu/menu-autocomplete';
import { useProject } from '../../features/project-picker/project-store';
import { resourceUrl } from '../../shared/resource-url';
import { TopMenuBar } from './top-menu-bar';
import { FullscreenButton, LanguageMenu, SearchButton, ThemeButton, UserMenu, type UserAction } from './header-actions';
import { useOpenMenu } from './use-open-menu';
import { usePlaceholderValues } from './use-placeholder-values';

// Each in its own chunk: they load when first used, not with the layout.
const ProjectPicker = lazy(() => import('../../features/project-picker/project-picker'));
const ChangePasswordDialog = lazy(() => import('../../features/account/change-password-dialog'));
const SwitchIdentityDialog = lazy(() => import('../../features/account/switch-identity-dialog'));
const LockPasswordDialog = lazy(() => import('../../features/lock/lock-password-dialog'));
const MenuSearchDialog = lazy(() => import('../../features/menu/menu-search-dialog'));
const ErrorLogDialog = lazy(() => import('../../features/error-log/error-log-dialog'));
const DownloadsDrawer = lazy(() => import('../../features/downloads/downloads-drawer'));
const PackageDialog = lazy(() => import('../../features/subscription/package-dialog'));
const ExpiryReminder = lazy(() => import('../../features/subscription/expiry-reminder'));

type Dialog = 'package' | 'password' | 'identity' | 'lock' | 'search' | 'errorLog' | 'downloads';

function DefaultLogo() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
      <rect x="2" y="2" width="11" height="11" rx="2" fill="var(--wb-primary, #ff8642)" />
      <rect x="15" y="2" width="11" height="11" rx="2" fill="currentColor" opacity="0.85" />
      <rect x="2" y="15" width="11" height="11" rx="2" fill="currentColor" opacity="0.85" />
      <rect x="15" y="15" width="11" height="11" rx="2" fill="var(--wb-primary, #ff8642)" opacity="0.7" />
    </svg>
  );
}

interface Props {
  topMenus: TopMenu[];
  routesByTop: Record<string, MenuNode[] | undefined>;
  dark: boolean;
  screen: ScreenClass;
  /** the workbench is shown: the top menu's home item is selected */
  atHome: boolean;
  /** a page no menu leads to (/logs, /info/index): no section is selected */
  outsideMenus: boolean;
}

/**
 * Top header: logo (the project's, else the default; back to
 * the workbench), project picker, top menu, menu search, business systems,
 * error log, theme, language and the user menu with its dialogs; the subscription expiry reminder.
 * Memoised, and it navigates without react-router's hook (which renders again on every
 * location): a tab switch does not render the header again unless `atHome` changes.
 */
export const AppHeader = memo(function AppHeader({ topMenus, routesByTop, dark, screen, atHome, outsideMenus }: Props) {
  const { t } = useTranslation();
  const logout = useLogout();
  const project = useProject((s) => s.current);
  const pickerHidden = useShellUi((s) => s.projectFilterHidden);
  const values = usePlaceholderValues();
  const { openSearchEntry } = useOpenMenu();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  // Ctrl+K / ⌘K opens the menu search from anywhere in the shell.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setDialog('search');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onUserAction = (action: UserAction) => {
    if (action === 'info') navigateTo('/info/index');
    else if (action === 'logout') logout();
    else if (action === 'lock') {
      // A password set earlier in this login locks at once; otherwise ask for one.
      const password = useSession.getState().lockPasswd;
      if (password) lockScreen(password);
      else setDialog('lock');
    } else setDialog(action);
  };

  const logo = project.logoUrl ? resourceUrl(project.logoUrl, appEnv.apiBase) : '';
  return (
    <header className={`wb-header${dark ? ' wb-header--dark' : ''}`}>
      <a
        className="wb-logo"
        href={FIRST_PAGE}
        onClick={(event) => {
          event.preventDefault();
          navigateTo(FIRST_PAGE);
        }}
      >
        {logo ? <img className="wb-logo__image" src={logo} alt={project.name} /> : <DefaultLogo />}
        {/* the name only where the top menu has room beside it */}
        {screen >= 3 && <span>{t('app.name')}</span>}
      </a>
      {!pickerHidden && (
        <Suspense fallback={<div className="wb-project-picker-placeholder">{t('project.placeholder')}</div>}>
          <ProjectPicker />
        </Suspense>
      )}
      <TopMenuBar topMenus={topMenus} dark={dark} atHome={atHome} outsideMenus={outsideMenus} />
      <div className="wb-header__right">
        {screen >= 3 && <MenuAutocomplete topMenus={topMenus} routesByTop={routesByTop} onOpen={openSearchEntry} />}
        <SearchButton onOpen={() => setDialog('search')} />
        <HeaderLinks projectId={project.list.length ? project.id : undefined} values={values} />
        <UpgradeNoticeLink wide={screen >= 3} />
        <NoticeBell />
        <ExportIndicator onOpen={() => setDialog('downloads')} />
        <ErrorLogBadge onOpen={() => setDialog('errorLog')} />
        <FullscreenButton />
        <ThemeButton />
        <LanguageMenu />
        <UserMenu onAction={onUserAction} compact={screen < 2} />
      </div>
      <Suspense fallback={null}>
        {dialog === 'package' && <PackageDialog onClose={close} />}
        {dialog === 'password' && <ChangePasswordDialog onClose={close} />}
        {dialog === 'identity' && <SwitchIdentityDialog onClose={close} />}
        {dialog === 'lock' && <LockPasswordDialog onClose={close} />}
        {dialog === 'search' && <MenuSearchDialog topMenus={topMenus} routesByTop={routesByTop} onOpen={openSearchEntry} onClose={close} />}
        {dialog === 'errorLog' && <ErrorLogDialog onClose={close} />}
        {dialog === 'downloads' && <DownloadsDrawer onClose={close} />}
      </Suspense>
      {/* its own boundary: a dialog loading above never suspends it; it checks the package's end at mount and every ten minutes */}
      <Suspense fallback={null}>
        <ExpiryReminder />
      </Suspense>
    </header>
  );
});
