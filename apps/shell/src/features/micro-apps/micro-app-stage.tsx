import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouterMode, SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { appEnv } from '../../shared/env';
import { getStore } from '../../shared/storage';
import { useSession } from '../../shared/session-store';
import { useMenuIndex } from '../menu/use-menu-index';
import { findMenuInRoutes, normalizePath } from '../menu/menu-resolution';
import { recordError } from '../error-log/capture';
import { subAppRegistryQuery } from './api/registry';
import { loadedHost, loadHost } from './load-host';
import { addPreloaded, closeFrame, forgetPreloaded, openFrame, renewFrame, resetMicroApps, setActiveApp, touchAlive, useMicroApps } from './micro-apps-store';
import { entryUrl, innerRoute, isDeployed, preloadOrder, shellPathOf, startPath, SUB_APP_MOVE } from './registry';
import { shellPropsSource } from './shell-props-source';
import { createSubAppProps } from './sub-app-props';
import type { SubAppProps } from '@wb/contracts/subapp-protocol';
import { useHostWiring } from './use-host-wiring';
import { useAppAccess, useSubAppRoute } from './use-sub-app-route';
import { mayOpenApp } from './app-access';
import { appsToFree, appsWithTabs } from './tab-apps';
import './micro-apps-texts';
import './micro-apps.css';

/** A sub-app's container is the window height minus 116 px (minus 60 without the 56 px header). */
export function subAppHeight(windowHeight: number, fullscreen: boolean): number {
  return windowHeight - (fullscreen ? 60 : 116);
}

/** Stored-value overrides (tests, benchmarks) of the env settings. */
function keepAliveLimit(): number {
  const n = Number(getStore<number>('subAppKeepAlive') ?? appEnv.subAppKeepAlive);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 5;
}

function loadTimeoutMs(): number {
  const n = Number(getStore<number>('subAppLoadTimeoutMs') ?? appEnv.subAppLoadTimeoutMs);
  return Number.isFinite(n) && n > 0 ? n : 120_000;
}

/** Stages and outside pages on screen (StrictMode mounts one twice): the host is torn down when none is left. */
let stageMounted = 0;

/**
 * Holds the host while the component is mounted: when the last holder goes (logout), every app
 * goes, and nothing of this session's host state stays.
 */
export function useHeldHost(): void {
  useEffect(() => {
    stageMounted++;
    return () => {
      stageMounted--;
      // Deferred: StrictMode unmounts and mounts again at once, and an outside page takes over from the layout.
      setTimeout(() => {
        if (stageMounted > 0) return;
        loadedHost()?.destroyAllSubApps();
        resetMicroApps();
        propsByApp.clear();
      }, 0);
    };
  }, []);
}

/** One props object per app for the session: its getters read the shell's stores when called. */
const propsByApp = new Map<string, SubAppProps>();
function propsFor(descriptor: SubAppDescriptor): SubAppProps {
  const key = `${descriptor.serviceName}|${descriptor.defaultApiHost}`;
  let props = propsByApp.get(key);
  if (!props) propsByApp.set(key, (props = createSubAppProps(descriptor, shellPropsSource)));
  return props;
}

interface FrameProps {
  descriptor: SubAppDescriptor;
  visible: boolean;
  height: number;
  /** the route the app opens at when this container is created */
  route: string;
}

const entryOf = (d: SubAppDescriptor) => entryUrl(d, window.location.origin);
const modeOf = (d: SubAppDescriptor) => (d.routerMode ?? '') as RouterMode;

/**
 * One app's container. wujie renders into the inner element; React never
 * touches its children. The container stays while the app is kept alive:
 * showing another page only hides it.
 */
export function SubAppFrame({ descriptor, visible, height, route }: FrameProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const name = descriptor.serviceName;
  const status = useMicroApps((s) => s.status[name]);
  // Where the app opens is fixed when the container is created; later routes are sent to the running app.
  const [start] = useState(route);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    loadHost().then(
      (host) => {
        if (cancelled) return;
        void host.startSubApp({
          name,
          entry: entryOf(descriptor),
          mode: modeOf(descriptor),
          route: start,
          el,
          props: propsFor(descriptor),
          alive: descriptor.alive === 1,
          fiber: descriptor.fiber === 1,
          timeoutMs: loadTimeoutMs(),
        });
      },
      (error: unknown) => {
        if (!cancelled) useMicroApps.setState((s) => ({ status: { ...s.status, [name]: { phase: 'failed', error: String(error) } } }));
      },
    );
    return () => {
      cancelled = true;
      void loadHost().then((host) => host.releaseSubApp(name, el));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the container's app and element are fixed for its life (a retry makes a new container)
  }, []);

  const failed = status?.phase === 'failed';
  useEffect(() => {
    if (failed) recordError(new Error(`sub-app ${name} failed to load: ${status?.error ?? ''}`), 'micro-apps');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one record per failure, not another when its text changes; the name is fixed for the container
  }, [failed]);

  // The registry is read again too: an administrator may have fixed the app's address meanwhile.
  const retry = async () => {
    const host = await loadHost();
    host.forgetEntryFailure(entryOf(descriptor));
    await Promise.all([host.destroySubApp(name), queryClient.refetchQueries({ queryKey: subAppRegistryQuery.queryKey })]);
    renewFrame(name);
  };

  return (
    <div className={`wb-microapp${visible ? '' : ' wb-microapp--hidden'}`} data-app={name} data-phase={status?.phase ?? 'idle'} aria-hidden={!visible} style={{ height }}>
      <div ref={ref} className="wb-microapp__host" style={{ display: failed ? 'none' : 'block' }} />
      {failed && (
        <Result
          className="wb-microapp-error"
          status="error"
          title={t('microApps.failed', { name: descriptor.name })}
          subTitle={t('microApps.failedDesc', { error: status?.error ?? '' })}
          extra={
            <Button type="primary" onClick={() => void retry()}>
              {t('microApps.retry')}
            </Button>
          }
        />
      )}
    </div>
  );
}

/**
 * The sub-apps' stage, rendered once by the layout beside the routed page: it
 * holds a container per live app and shows the one the address belongs to, so
 * switching tabs never unmounts an app (keep-alive). It also loads the registry,
 * preloads (default app first) and keeps at most the keep-alive limit of apps.
 */
export function MicroAppStage({ height }: { height: number }) {
  const registry = useQuery(subAppRegistryQuery);
  const route = useSubAppRoute();
  const frames = useMicroApps((s) => s.frames);
  // an app the user may not open (app-access.ts) is not started: the page says 403 instead
  const active = route.descriptor && isDeployed(route.descriptor) && route.allowed ? route.descriptor : undefined;
  const name = active?.serviceName;
  const deployed = useMemo(() => preloadOrder(registry.data ?? []), [registry.data]);
  // only the apps the user's menus lead to are preloaded: another would run (and call what the user may not read) for nothing
  const access = useAppAccess();
  const preloadable = useMemo(() => (access ? deployed.filter((d) => mayOpenApp(access, d.serviceName)) : []), [deployed, access]);
  const byName = useMemo(() => new Map((registry.data ?? []).map((d) => [d.serviceName, d])), [registry.data]);
  const byNameRef = useRef(byName);
  byNameRef.current = byName;

  useHostWiring(deployed.length > 0);
  useHeldHost();

  // The app on screen: a container (kept-alive apps counted, the least recently used beyond the limit destroyed).
  const previous = useRef<SubAppDescriptor | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = active;
    setActiveApp(name, { fullscreen: active?.isDashboardApp === 1 });
    // An app that is not kept alive is unmounted when the user leaves it.
    if (before && before.alive !== 1 && before.serviceName !== name) closeFrame(before.serviceName);
    if (!active || !name) return;
    if (active.alive === 1) {
      const hadFrame = new Set(Object.keys(useMicroApps.getState().frames));
      const evicted = touchAlive(name, keepAliveLimit());
      // Evicted containers unmount and destroy their app; preloaded apps without one are destroyed here.
      for (const gone of evicted) if (!hadFrame.has(gone)) void loadHost().then((host) => host.destroySubApp(gone));
    }
    openFrame(name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the app's name: a new descriptor object for the same app (a registry refetch) is no switch
  }, [name]);

  // An app whose last tab closed goes (tab-apps.ts), once it is off screen: its container unmounts and destroys it.
  const tabs = useSession((s) => s.tabs);
  const index = useMenuIndex();
  const tabbed = useRef(new Set<string>());
  useEffect(() => {
    if (!registry.data || index.pending) return;
    const serviceNameOf = (path: string) => {
      const menu = findMenuInRoutes(index.routesByTop, normalizePath(path));
      return menu?.serviceName || menu?.meta?.serviceName || undefined;
    };
    const { free, tabbed: next } = appsToFree(tabbed.current, appsWithTabs(tabs, registry.data, serviceNameOf), name);
    tabbed.current = next;
    for (const gone of free) {
      const hadFrame = gone in useMicroApps.getState().frames;
      closeFrame(gone);
      if (!hadFrame && loadedHost()?.isRunning(gone)) void loadedHost()?.destroySubApp(gone);
    }
  }, [tabs, registry.data, index.pending, index.routesByTop, name]);

  // Another page of a running app: tell it (a kept-alive app is not mounted again).
  useEffect(() => {
    if (!name) return;
    loadedHost()?.navigateSubApp(name, route.route);
  }, [name, route.route]);

  // The app moved by itself (a link inside it, its back button): the shell's address follows, so that
  // reload, copy-a-link and its tab come back to the same route. Replaced, not pushed: the app's own
  // history entry is already there.
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (deployed.length === 0) return;
    let cancelled = false;
    let off: (() => void) | undefined;
    void loadHost().then((host) => {
      if (cancelled) return;
      host.onAppRoute((app, inner) => {
        const d = byNameRef.current.get(app);
        if (!d || useMicroApps.getState().active !== app) return;
        const target = shellPathOf(d, inner);
        if (target !== here.current) navigate(target, { replace: true, state: { [SUB_APP_MOVE]: true } });
      });
      off = host.onSubRouteChange(host.subRouteChanged);
    });
    return () => {
      cancelled = true;
      off?.();
      loadedHost()?.onAppRoute(undefined);
    };
  }, [deployed.length, navigate]);

  // Preload, one app at a time and each only when the browser is idle (the workbench is interactive
  // and nothing of the page on screen waits), the default app first, within the keep-alive limit.
  useEffect(() => {
    // The stored value 'subAppPreload' = false turns preloading off (benchmarks measure cold loads).
    if (preloadable.length === 0 || getStore<boolean>('subAppPreload') === false) return;
    let cancelled = false;
    const idle = () => new Promise<void>((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout: 5000 }) : window.setTimeout(resolve, 200)));
    const preload = async (host: Awaited<ReturnType<typeof loadHost>>, d: SubAppDescriptor) => {
      if (cancelled || d.alive !== 1 || host.isRunning(d.serviceName)) return;
      if (!addPreloaded(d.serviceName, keepAliveLimit())) return;
      const preloaded = await host.preloadSubApp({
        name: d.serviceName,
        entry: entryOf(d),
        mode: modeOf(d),
        route: innerRoute(d, startPath(d)),
        props: propsFor(d),
        alive: true,
        fiber: d.fiber === 1,
        exec: d.exec === 1,
      });
      if (!preloaded) forgetPreloaded(d.serviceName);
      // An app that ran in the preload moves into a hidden container now, so opening it only shows it.
      else if (d.exec === 1 && !cancelled) openFrame(d.serviceName);
    };
    void (async () => {
      const host = await loadHost();
      for (const d of preloadable) {
        await idle();
        if (cancelled) return;
        await preload(host, d);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [preloadable]);

  // The app on screen has its container in this very render (the effect above records it).
  const names = name && !(name in frames) ? [...Object.keys(frames), name] : Object.keys(frames);
  return (
    <div className={`wb-microapp-stage${name ? '' : ' wb-microapp-stage--idle'}`}>
      {names.map((frameName) => {
        const descriptor = frameName === name ? active : byName.get(frameName);
        if (!descriptor) return null;
        const visible = frameName === name;
        const path = startPath(descriptor);
        return (
          <SubAppFrame
            key={`${frameName}:${frames[frameName] ?? 0}`}
            descriptor={descriptor}
            visible={visible}
            height={height}
            route={visible ? route.route : innerRoute(descriptor, path)}
          />
        );
      })}
    </div>
  );
}
