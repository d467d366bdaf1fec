import { useState } from 'react';
import type { ColumnsState } from '@ant-design/pro-components';

type Density = 'large' | 'middle' | 'small';
const DENSITIES: readonly string[] = ['large', 'middle', 'small'];

/** Where a user's settings of one resource's table are kept in this browser. */
const keyOf = (user: string, resource: string) => `wb-table:${user}:${resource}`;

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
 * host that names no user keeps nothing (two users of one browser must not share them).
 */
export function useTableSettings(user: string | undefined, resource: string) {
  const key = user ? keyOf(user, resource) : undefined;
  const [size, setSize] = useState<Density | undefined>(() => storedDensity(key));
  const onSizeChange = (next: Density | undefined) => {
    if (!next) return;
    setSize(next);
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
