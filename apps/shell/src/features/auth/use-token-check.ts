import { useEffect } from 'react';
import { TOKEN_CHECK_INTERVAL_MS } from '@wb/contracts/constants';
import { http } from '../../shared/request';
import { useSession } from '../../shared/session-store';
import { localLogout } from '../../shared/local-logout';
import { checkToken } from './api/session-calls';
import { tokenNeedsCheck } from './token-age';

/** Runs the token age check every 60 s while the layout is mounted. */
export function useTokenCheck(): void {
  useEffect(() => {
    let running = false;
    const tick = async () => {
      const { token, tokenTime, expiresIn } = useSession.getState();
      if (!token || running) return;
      if (!tokenNeedsCheck({ now: Date.now(), tokenTime, expiresIn, refreshing: http.isRefreshing() })) return;
      running = true;
      try {
        const result = await checkToken(token);
        if (!result?.active) {
          try {
            await http.refresh();
          } catch {
            // The refresh token is gone or revoked: the session cannot continue.
            localLogout({ keepTarget: true });
          }
        }
      } catch {
        // A failed check is handled by the request client (a 401 refreshes or logs out).
      } finally {
        running = false;
      }
    };
    const id = window.setInterval(() => void tick(), TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, []);
}
