import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ResourceHostProvider, type ResourceHost } from '@wb/resource-ui/host';
import { i18n } from './i18n';
import { buttonsQuery } from './permissions';
import { setMessages, transport } from './request';
import { session } from './session';

/**
 * The resource UI's host in this app: its request client, the user's button
 * codes (GET /us-system/menu/buttons), its i18next and antd's context-bound
 * message and confirm (so they follow the app's theme and locale, also inside
 * wujie's shadow DOM), and who is signed in, as the shell's host names them ('tenant:user').
 */
export function CoredataHost({ children }: { children: ReactNode }) {
  const { message, modal } = AntApp.useApp();
  const buttons = useQuery(buttonsQuery);
  const codes = buttons.data;
  const can = useCallback((code: string) => codes?.[code] === true, [codes]);

  useEffect(() => {
    setMessages(message);
    return () => setMessages(null);
  }, [message]);

  // who is signed in (the shell's props, or this app's own login): a table's density and columns are kept for them
  const userId = session.user()?.userId;
  const userKey = userId ? `${session.tenantId()}:${userId}` : undefined;
  const host = useMemo<ResourceHost>(() => ({ transport, can, i18n, feedback: () => ({ message, modal }), apiBase: session.apiBase(), userKey }), [can, message, modal, userKey]);
  return <ResourceHostProvider host={host}>{children}</ResourceHostProvider>;
}
