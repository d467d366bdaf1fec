import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { TokenResponse } from '@wb/contracts/auth';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { obsoleteRedirect } from './shared/env';
import { safeRedirect } from './shared/navigation';
import { useSession } from './shared/session-store';
import { storedLanguage } from './shared/i18n/language';
import { DEFAULT_LOGIN_SETTINGS, type LoginSettings } from './features/auth/api/login-settings';
import { LoginPage, type RegisterRequest } from './features/auth/login/login-page';
import { LOGIN_SETTINGS_META } from '@wb/contracts/page-documents';
import { shellHandover } from './app/shell-handover';
import './app/global.css';

/*
 * The login document's entry (login.html; the server answers /login with it). The
 * page is already on screen, pre-rendered at build time, and takes typing before
 * this runs; this hydrates it with React alone (the /login budget in
 * scripts/check-bundle.mjs). Once the page is idle, the signed-in shell and its
 * first screen (layout, first page) are loaded and evaluated, so that when
 * the token arrives the shell starts in this same document at once.
 */
const container = document.getElementById('root')!;
const { loadShell, startShell } = shellHandover(container);
/** ahead of 登录, when idle: the shell and its first screen; the token does not wait for the latter */
const preload = () => void loadShell().then((app) => app.preloadFirstScreen());
let loginRoot: Root | undefined;

/** Into the workbench: to the page the user was going to (a same-site path), else the first page. */
const enterApp = () => startShell(loginRoot, safeRedirect(new URLSearchParams(window.location.search).get('redirect'), FIRST_PAGE));

async function enter(token: TokenResponse): Promise<void> {
  useSession.getState().login(token);
  await enterApp();
}

async function register({ oauthId, settings }: RegisterRequest): Promise<void> {
  const { showRegister } = await import('./app/register-island');
  showRegister({ oauthId, tenantMode: settings.tenantMode, captchaEnabled: settings.captchaEnabled, defaultTenantId: settings.defaultTenantId });
}

/** The settings the server chose this document for (prerender.tsx writes one document per choice). */
function documentSettings(): LoginSettings {
  const content = document.querySelector(`meta[name="${LOGIN_SETTINGS_META}"]`)?.getAttribute('content');
  try {
    return { ...DEFAULT_LOGIN_SETTINGS, ...(content ? (JSON.parse(content) as Partial<LoginSettings>) : {}) };
  } catch {
    return DEFAULT_LOGIN_SETTINGS;
  }
}

const movedTo = obsoleteRedirect(window.location);
if (movedTo) {
  void import('./app/obsolete-domain-alert').then(({ showObsoleteDomainAlert }) => showObsoleteDomainAlert(movedTo));
} else if (useSession.getState().token) {
  // signed in already: /login leads into the app
  void enterApp();
} else {
  // the development server serves the document without its pre-rendered page
  const prerendered = container.firstElementChild !== null;
  const page = (
    <LoginPage
      initialSettings={documentSettings()}
      initialLanguage={prerendered ? 'zh' : storedLanguage()}
      onEnter={enter}
      onRegister={(request) => void register(request)}
      onSubmit={() => void loadShell()}
    />
  );
  if (prerendered) loginRoot = hydrateRoot(container, page);
  else (loginRoot = createRoot(container)).render(page);
  // when the page is idle, or after 3 s at the latest (a second without requestIdleCallback)
  if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 3000 });
  else setTimeout(preload, 1000);
}
