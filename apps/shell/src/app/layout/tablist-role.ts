/**
 * rc-tabs gives `role="tablist"` to its whole bar (`.ant-tabs-nav`), which also holds the bar's
 * extra content (here the breadcrumb and the tab-actions button) and its overflow button; a
 * tablist may own tabs only (axe's aria-required-children, critical: react-component/tabs#1013,
 * ant-design#49502). The role, with its orientation, moves to the list that holds the tabs, as
 * rc-tabs' own proposed fix does (react-component/tabs#1018); nothing else changes. React leaves
 * the attributes alone until their values change, which they do not; run again after each render.
 */
export function tablistOnTabs(tabs: HTMLElement | null | undefined): void {
  const nav = tabs?.querySelector<HTMLElement>(':scope > .ant-tabs-nav');
  const list = nav?.querySelector<HTMLElement>(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
  if (!nav || !list) return;
  const orientation = nav.getAttribute('aria-orientation') ?? list.getAttribute('aria-orientation');
  nav.removeAttribute('role');
  nav.removeAttribute('aria-orientation');
  list.setAttribute('role', 'tablist');
  if (orientation) list.setAttribute('aria-orientation', orientation);
}
