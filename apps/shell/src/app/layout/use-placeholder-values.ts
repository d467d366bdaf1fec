import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session-store';
import { placeholderValues, type PlaceholderValues } from '../../shared/placeholders';
import { oldUserInfoQuery } from '../../features/auth/api/old-user-info';

/** Values for `${field}` in link menus and header links: the session's user info, then the old platform's. */
export function usePlaceholderValues(): PlaceholderValues {
  const user = useSession((s) => s.userInfo);
  const old = useQuery(oldUserInfoQuery);
  return useMemo(() => placeholderValues(user as Record<string, unknown> | undefined, old.data as unknown as Record<string, unknown> | undefined), [user, old.data]);
}
