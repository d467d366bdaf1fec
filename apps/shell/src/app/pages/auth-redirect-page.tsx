import { useEffect } from 'react';
import { relayAuthRedirect } from '../../features/auth/social-login';
import { PageLoading } from '../../shared/ui/page-loading';

/** /authredirect: hands a third-party login's answer on (features/auth/social-login.ts) and leaves. */
export default function AuthRedirectPage() {
  useEffect(() => relayAuthRedirect(), []);
  return <PageLoading />;
}
