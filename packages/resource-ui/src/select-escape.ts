import type { KeyboardEvent } from 'react';

/**
 * onKeyDown for an antd select or cascader with a search box, so that Esc closes its
 * dropdown. The search box is an <input type="search">, which the browser empties on Esc;
 * antd takes that for typing and opens the dropdown again.
 */
export function escapeClosesSearch(event: KeyboardEvent): void {
  if (event.key === 'Escape') event.preventDefault();
}
