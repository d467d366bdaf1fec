import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Initialises i18next (zh/en bundles, stored locale) before the first render.
import '../shared/i18n/i18n';
import { Providers } from './providers';
import { AppRouter } from './router';
import './global.css';

/**
 * The modules of the workbench's first screen (the layout and the first page),
 * evaluated ahead: the login document does it while the user types, so that
 * after 登录 only the token call and rendering are left.
 */
export function preloadFirstScreen(): Promise<unknown> {
  return Promise.all([import('./layout/main-layout'), import('./pages/welcome-page')]);
}

/**
 * Starts the signed-in shell in `container`: from main.tsx on every page but
 * /login, and from the login document (login-main.tsx) once the token arrives,
 * in the same document, so signing in loads no page.
 */
export function startApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}
