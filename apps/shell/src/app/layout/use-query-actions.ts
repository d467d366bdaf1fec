import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TopMenu } from '@wb/contracts/menu';
import { iframeDecision } from '../../features/menu/menu-resolution';
import { appEnv } from '../../shared/env';

/** `from=coredata` in the address opens the master-data (主数据) top menu. */
export const FROM_COREDATA = 'coredata';

/**
 * The address `target` may open: http(s) only (never javascript: or data:), and
 * only this site or a host /myiframe may embed (env.ts iframeHosts). Any other host
 * is refused: a link to the workbench must not become a launcher for a phishing page.
 */
export function openableTarget(target: string | null, origin: string, allowedHosts: readonly string[] = appEnv.iframeHosts): string | undefined {
  if (!target) return undefined;
  const decision = iframeDecision(target, origin, allowedHosts);
  if (decision.kind !== 'embed') return undefined;
  const url = new URL(decision.url);
  return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * Query parameters the shell acts on once: `from=coredata` opens the 主数据 top
 * menu; `target` opens that address in a new window when openableTarget allows it
 * (the parameter is then dropped from the address). A blocked pop-up is offered
 * as a link instead (returned for the layout to show).
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
    if (!target) {
      console.warn(`?target= refused: ${params.get('target') ?? ''} is not this site nor an allowed host`);
      return;
    }
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
