import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SelectOption } from '@wb/contracts/resource';
import type { ResourceTransport } from './host';
import { selectOptions } from './resource-api';
import { refFields } from './list-query';
import type { AnyResourceDef } from './resource-api';

/** field name → its options, in the server's order */
export type RefOptions = Record<string, SelectOption[]>;

/**
 * Loads the options of every ref field of a def (one call per referenced
 * service) on mount and on `reload()` (a dialog opening: another page may have
 * added the record to pick). A failed call leaves the options empty; the host
 * has shown why.
 */
export function useRefOptions(def: AnyResourceDef, transport: ResourceTransport): { options: RefOptions; reload(): void } {
  const refs = useMemo(() => refFields(def), [def]);
  const [options, setOptions] = useState<RefOptions>({});
  const generation = useRef(0);

  const reload = useCallback(() => {
    if (refs.length === 0) return;
    const mine = ++generation.current;
    const paths = [...new Set(refs.map((r) => r.basePath))];
    void Promise.all(paths.map((path) => selectOptions(transport, path).catch(() => [] as SelectOption[]))).then((lists) => {
      if (mine !== generation.current) return;
      const byPath = new Map(paths.map((path, i) => [path, lists[i]]));
      setOptions(Object.fromEntries(refs.map((r) => [r.name, byPath.get(r.basePath) ?? []])));
    });
  }, [refs, transport]);

  useEffect(() => {
    reload();
    return () => {
      generation.current++;
    };
  }, [reload]);

  return { options, reload };
}
