import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FIRST_PAGE, LOCK_PAGE } from '@wb/contracts/constants';
import { useSession } from '../shared/session-store';
import { safeRedirect } from '../shared/navigation';

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

/** With a token, /login leads into the app (to the saved target, else the first page). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect'), FIRST_PAGE)} replace />;
  return <>{children}</>;
}
