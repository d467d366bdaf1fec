import type { TFunction } from 'i18next';
import { FIRST_PAGE } from '@wb/contracts/constants';
import type { Tab } from '../../shared/session-store';

/** Rules of the tab bar, pure so they are unit-tested. */

/** The fixed first tab: the workbench, not closable. */
export const HOME_TAB: Tab = { label: '工作台', labelKey: 'menu.workbench', value: FIRST_PAGE, query: '', closable: false };

/** A tab's label in the current language: its i18n key when it has one, else the name it was opened with. */
export function tabLabel(t: TFunction, tab: Pick<Tab, 'label' | 'labelKey'>): string {
  return tab.labelKey ? t(tab.labelKey, { defaultValue: tab.label }) : tab.label;
}

export function tabKey(tab: Pick<Tab, 'value' | 'query'>): string {
  return `${tab.value}${tab.query}`;
}

/** Keeps the home tab first and only once, whatever was stored. */
export function withHome(tabs: Tab[]): Tab[] {
  return [HOME_TAB, ...tabs.filter((tab) => tab.value !== HOME_TAB.value)];
}

/** Opens a tab, or relabels it and notes where it is now when it is already open. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const list = withHome(tabs);
  if (tab.value === HOME_TAB.value) return list;
  const key = tabKey(tab);
  const at = list.findIndex((t) => tabKey(t) === key);
  if (at === -1) return [...list, tab];
  const current = list[at];
  if (current.label === tab.label && current.labelKey === tab.labelKey && current.route === tab.route) return list;
  const next = [...list];
  next[at] = { ...current, label: tab.label, labelKey: tab.labelKey, route: tab.route };
  return next;
}

/** Where choosing a tab goes: where it was left. */
export function tabTarget(tab: Tab): string {
  return tab.route ?? `${tab.value}${tab.query}`;
}

export interface CloseResult {
  tabs: Tab[];
  /** where to go when the closed tab was the active one */
  next?: Tab;
}

/**
 * With one tab nothing closes; the home tab never closes; closing the active
 * tab opens the previous one, or the first.
 */
export function closeTab(tabs: Tab[], key: string, activeKey: string): CloseResult {
  if (tabs.length <= 1) return { tabs };
  const at = tabs.findIndex((t) => tabKey(t) === key);
  if (at === -1 || !tabs[at].closable) return { tabs };
  const rest = tabs.filter((_, i) => i !== at);
  if (key !== activeKey) return { tabs: rest };
  return { tabs: rest, next: rest[at - 1] ?? rest[0] };
}

/** Keeps the home tab and the active one. */
export function closeOtherTabs(tabs: Tab[], activeKey: string): Tab[] {
  return withHome(tabs.filter((t) => !t.closable || tabKey(t) === activeKey));
}

/** Leaves only the home tab (and other unclosable ones). */
export function closeAllTabs(tabs: Tab[]): Tab[] {
  return withHome(tabs.filter((t) => !t.closable));
}

/**
 * Closes the closable tabs on one side of `key`. Returns the tab to go to when the
 * active one was among them: the one the menu was opened on.
 */
export function closeSideTabs(tabs: Tab[], key: string, side: 'left' | 'right', activeKey: string): CloseResult {
  const at = tabs.findIndex((t) => tabKey(t) === key);
  if (at === -1) return { tabs };
  const rest = tabs.filter((t, i) => !t.closable || (side === 'left' ? i >= at : i <= at));
  const activeGone = !rest.some((t) => tabKey(t) === activeKey);
  return { tabs: rest, next: activeGone ? tabs[at] : undefined };
}
