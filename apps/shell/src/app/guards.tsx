import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LOCK_PAGE } from '@wb/contracts/constants';
import { useSession } from '../shared/session-store';

/**
 * Navigation guard: without a token go to /login, keeping where the
 * user was going; while locked every route shows /lock.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const isLock = useSession((s) => s.isLock);
  const location = useLocation();
  if (!token) {
    // A logout has already sent the browser to /login; the router is catching up.
    if (window.location.pathname === '/login') return null;
    const target = `${location.pathname}${location.search}`;
    const query = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`/login${query}`} replace />;
  }
  if (isLock && location.pathname !== LOCK_PAGE) return <Navigate to={LOCK_PAGE} replace />;
  return <>{children}</>;
}

/**
 * /login reached inside the shell (logout, an expired session, a guard): the
 * login document is loaded in its place, which also leaves nothing of the
 * last session in memory. With a token that document leads back into the app.
 */
export function LoginDocument() {
  useEffect(() => window.location.replace(`/login${window.location.search}`), []);
  return null;
}
