import { useCallback, useMemo, useRef, useState, type Key } from 'react';
import { filtersOf, type ListQuery } from './list-query';
import type { AnyRecord, ResourceApi, TreeRecord } from './resource-api';

type Row = AnyRecord & { children?: Row[] };

/** Rows with children get a `children` list (empty until loaded): antd then shows their expand icon. */
function withChildren(rows: TreeRecord[], loaded: Map<string, TreeRecord[]>): Row[] {
  return rows.map((row) => {
    if (!row.hasChildren) return row;
    return { ...row, children: withChildren(loaded.get(row.id) ?? [], loaded) };
  });
}

/**
 * The rows of a tree def's table: one level at a time from `lazy-list`, a
 * level loaded when its row is expanded. A search with filters lists the
 * matching records flat from the paged `list` instead. Reloading (after a
 * write) reads the top level and every expanded level again, so what is
 * open stays open and shows the change. A record's `id` is its key (a
 * region's id is its code), which `lazy-list` takes as the parent.
 */
export function useTreeRows(api: ResourceApi) {
  const [rows, setRows] = useState<TreeRecord[]>([]);
  const [loaded, setLoaded] = useState<Map<string, TreeRecord[]>>(() => new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [flat, setFlat] = useState(false);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  /** ProTable's request for a tree def. */
  const request = useCallback(
    async (query: ListQuery) => {
      if (Object.keys(filtersOf(query)).length > 0) {
        const page = await api.list(query);
        setFlat(true);
        return { data: page.records, total: page.total };
      }
      const open = expandedRef.current;
      const [top, ...levels] = await Promise.all([api.lazyList(undefined), ...open.map((key) => api.lazyList(key).catch(() => undefined))]);
      setFlat(false);
      setLoaded(new Map(open.flatMap((key, i) => (levels[i] ? [[key, levels[i]] as const] : []))));
      // the whole top level: the table pages through it itself
      return { data: top, total: top.length };
    },
    [api],
  );

  const onExpand = useCallback(
    (open: boolean, record: AnyRecord) => {
      const key = String(record.id);
      if (!open) {
        setExpanded((keys) => keys.filter((k) => k !== key));
        return;
      }
      setExpanded((keys) => (keys.includes(key) ? keys : [...keys, key]));
      void api.lazyList(key).then(
        (children) => setLoaded((current) => new Map(current).set(key, children)),
        // the host has shown why; fold the row again so a second click retries
        () => setExpanded((keys) => keys.filter((k) => k !== key)),
      );
    },
    [api],
  );

  const dataSource = useMemo(() => (flat ? rows : withChildren(rows, loaded)), [flat, rows, loaded]);

  return {
    request,
    tableProps: {
      dataSource,
      onDataSourceChange: (data: AnyRecord[]) => setRows(data),
      expandable: {
        childrenColumnName: 'children',
        expandedRowKeys: expanded as Key[],
        onExpand,
      },
    },
  };
}
