import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TopMenu } from '@wb/contracts/menu';

/** `from=coredata` in the address opens the master-data (主数据) top menu. */
export const FROM_COREDATA = 'coredata';

/** The address `target` may open: http(s) or a path of this site, never javascript: or data:. */
export function openableTarget(target: string | null, origin: string): string | undefined {
  if (!target) return undefined;
  try {
    const url = new URL(target, origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return undefined;
  }
}

/**
 * Query parameters the shell acts on once: `from=coredata`
 * opens the 主数据 top menu; `target` opens that address in a new window (the
 * parameter is then dropped from the address). A blocked pop-up is offered as
 * a link instead (returned for the layout to show).
 */
export function useQueryActions(topMenus: TopMenu[], openTopMenu: (top: TopMenu) => Promise<void>): { blockedTarget?: string; dismiss: () => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = useRef(params.get('from'));
  const [blockedTarget, setBlocked] = useState<string | undefined>();

  useEffect(() => {
    const target = openableTarget(params.get('target'), window.location.origin);
    if (!params.has('target')) return;
    const rest = new URLSearchParams(params);
    rest.delete('target');
    const query = rest.toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, { replace: true });
    if (!target) return;
    // Without 'noopener' the handle tells a blocked pop-up (null); the opener is cut by hand.
    const win = window.open(target, '_blank');
    if (win) win.opener = null;
    else setBlocked(target);
  }, [params, navigate]);

  useEffect(() => {
    if (from.current !== FROM_COREDATA || !topMenus.length) return;
    from.current = null;
    const coredata = topMenus.find((top) => top.serviceName === FROM_COREDATA || top.path === `/${FROM_COREDATA}` || top.path.startsWith(`/${FROM_COREDATA}/`));
    if (coredata) void openTopMenu(coredata);
  }, [topMenus, openTopMenu]);

  return { blockedTarget, dismiss: () => setBlocked(undefined) };
}
