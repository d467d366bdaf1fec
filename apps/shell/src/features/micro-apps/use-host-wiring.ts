import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SHELL_EVENTS, SUBAPP_EVENTS } from '@wb/contracts/subapp-protocol';
import { shellBus } from '../../shared/event-bus';
import { feedback } from '../../shared/feedback';
import { i18n } from '../../shared/i18n/i18n';
import { localLogout } from '../../shared/local-logout';
import { queryClient } from '../../shared/query-client';
import { useShellUi } from '../../shared/shell-ui-store';
import { projectTreeQuery } from '../project-picker/api/project-tree';
import { useExportIndicator } from './export-state';
import { loadHost } from './load-host';
import { wish } from './micro-apps-store';
import { parseRouterChange, setRouterChangeHandler } from './router-change';
import { onShellLookChange } from './shell-look';
import { toProjectNode } from './sub-app-props';
import './micro-apps-texts';

/** true, false, or none (toggle) as the protocol's boolean-or-toggle payloads say. */
function flag(payload: unknown, current: boolean): boolean {
  return typeof payload === 'boolean' ? payload : !current;
}

/**
 * Connects the shell and the sub-apps while the layout is up (docs/subapp-protocol.md §3):
 *  - shell → sub-apps: the picker's project-change and data-refresh, the language, the theme and colour;
 *  - sub-apps → shell: routerChange, logout, the chrome (menu, full screen,
 *    project filter, sidebar) and the export/import indicator.
 * Every listener is removed when the layout goes (logout).
 */
export function useHostWiring(enabled: boolean): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // Shared data changed: the shell's own project tree too (a project added in a sub-app shows in the picker).
  useEffect(() => shellBus.on('data-refresh', () => void queryClient.invalidateQueries({ queryKey: projectTreeQuery.queryKey })), []);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let offs: (() => void)[] = [];
    void loadHost().then((host) => {
      if (cancelled) return;
      const onRouterChange = (payload: unknown) => {
        const action = parseRouterChange(payload);
        if (action.kind === 'navigate') navigateRef.current(action.to);
        else if (action.kind === 'history') navigateRef.current(action.delta);
        else if (action.kind === 'logout') localLogout();
        else void feedback().message.warning(i18n.t('microApps.routerChangeError'));
      };
      setRouterChangeHandler(onRouterChange);
      const onLanguage = (lng: string) => host.emitToSubApps(SHELL_EVENTS.localeChange, lng === 'en' ? 'en' : 'zh');
      i18n.on('languageChanged', onLanguage);
      offs = [
        () => i18n.off('languageChanged', onLanguage),
        shellBus.on('project-change', (node) => {
          const payload = toProjectNode(node);
          if (payload) host.emitToSubApps(SHELL_EVENTS.projectChange, payload);
        }),
        shellBus.on('data-refresh', () => host.emitToSubApps(SHELL_EVENTS.dataRefresh)),
        onShellLookChange((look) => host.emitToSubApps(SHELL_EVENTS.themeChange, look)),
        host.onSubAppEvent(SUBAPP_EVENTS.routerChange, onRouterChange),
        () => setRouterChangeHandler(undefined),
        host.onSubAppEvent(SUBAPP_EVENTS.logout, () => localLogout()),
        host.onSubAppEvent(SUBAPP_EVENTS.toggleMenu, (payload) => {
          const ui = useShellUi.getState();
          ui.setSidebarCollapsed(flag(payload, ui.sidebarCollapsed));
        }),
        host.onSubAppEvent(SUBAPP_EVENTS.fullScreen, (payload) => wish({ fullscreen: flag(payload, useShellUi.getState().fullscreen) })),
        host.onSubAppEvent(SUBAPP_EVENTS.hideProjectFilter, (payload) => wish({ projectFilterHidden: payload === true })),
        host.onSubAppEvent(SUBAPP_EVENTS.hideSidebar, (payload) => wish({ sidebarHidden: payload === true })),
        host.onSubAppEvent(SUBAPP_EVENTS.exportState, (payload) => useExportIndicator.getState().set(payload)),
      ];
    });
    return () => {
      cancelled = true;
      for (const off of offs) off();
    };
  }, [enabled]);
}
