import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import type { Tab } from '../../shared/session-store';
import { descriptorForPath } from './registry';

/**
 * Which sub-apps the open tabs show, and which of them lost their last tab: pure, so the
 * rule is tested apart from the stage. Closing the last tab of an app ends it (its
 * sandbox, iframe and container go, and its place in the keep-alive limit), whether it
 * is kept alive or not: keep-alive keeps an app while a tab shows it, not after.
 */

/** The apps of the open tabs: each tab's page path, the menu's serviceName deciding a prefix two apps share. */
export function appsWithTabs(tabs: readonly Pick<Tab, 'value'>[], registry: readonly SubAppDescriptor[], serviceNameOf: (path: string) => string | undefined): Set<string> {
  const apps = new Set<string>();
  for (const tab of tabs) {
    const descriptor = descriptorForPath(registry, tab.value, serviceNameOf(tab.value));
    if (descriptor) apps.add(descriptor.serviceName);
  }
  return apps;
}

/**
 * `before`: the apps that had a tab; `withTabs`: those that have one now. The apps to free are
 * those whose last tab closed, except the one on screen (closing its tab navigates away from
 * it: it goes once it is left); it stays in `tabbed` until then. An app opened without a tab
 * (a preload, a page the menus keep out of the tabs) was never in `before`: the keep-alive
 * limit alone ends it.
 */
export function appsToFree(before: ReadonlySet<string>, withTabs: ReadonlySet<string>, active: string | undefined): { free: string[]; tabbed: Set<string> } {
  const closed = [...before].filter((app) => !withTabs.has(app));
  return {
    free: closed.filter((app) => app !== active),
    tabbed: new Set([...withTabs, ...closed.filter((app) => app === active)]),
  };
}
