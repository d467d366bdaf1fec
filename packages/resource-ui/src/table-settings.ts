import { useState } from 'react';
import type { ColumnsState } from '@ant-design/pro-components';

type Density = 'large' | 'middle' | 'small';
const DENSITIES: readonly string[] = ['large', 'middle', 'small'];

/**
 * The start of every key the tables' settings are kept under, in localStorage: a host that clears
 * the storage on logout keeps these (they are each user's own, like the project they picked).
 */
export const TABLE_SETTINGS_KEY_PREFIX = 'wb-table:';

/** Where a user's settings of one resource's table are kept in this browser (the user: 'tenant:user'). */
const tableSettingsKey = (user: string, resource: string) => `${TABLE_SETTINGS_KEY_PREFIX}${user}:${resource}`;

function storedDensity(key: string | undefined): Density | undefined {
  if (!key) return undefined;
  try {
    const value = localStorage.getItem(`${key}:density`);
    return value && DENSITIES.includes(value) ? (value as Density) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The table's density and its columns (shown, order, pinned), kept per user and resource in
 * localStorage: ProTable keeps the columns itself under the key; the density is kept here. A
 * host that names no user keeps nothing (two users of one browser must not share them). The
 * user named later (the host learns who is signed in after the page opened) or another one
 * (a kept page, a new login) reads their own.
 */
export function useTableSettings(user: string | undefined, resource: string) {
  const key = user ? tableSettingsKey(user, resource) : undefined;
  // the density chosen here, for the key it was chosen under
  const [chosen, setChosen] = useState<{ key: string | undefined; size: Density }>();
  const size = chosen && chosen.key === key ? chosen.size : storedDensity(key);
  const onSizeChange = (next: Density | undefined) => {
    if (!next) return;
    setChosen({ key, size: next });
    try {
      if (key) localStorage.setItem(`${key}:density`, next);
    } catch {
      // private mode or a full store: the setting lasts for this page only
    }
  };
  const columnsState: { persistenceKey?: string; persistenceType?: 'localStorage'; defaultValue?: Record<string, ColumnsState> } = key
    ? { persistenceKey: `${key}:columns`, persistenceType: 'localStorage' }
    : {};
  return { size, onSizeChange, columnsState };
}
