import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, TreeNode } from '@wb/contracts/resource';
import { useResourceHost, type ResourceTransport } from './host';
import { dictionaryGeneration, dictionaryItems, subscribeDictionaries } from './dictionaries';
import { selectOptions, treeNodes } from './resource-api';

/** A choice of a select; values are strings whatever the wire carried ('2' and 2 are one key). */
export interface Choice {
  value: string;
  label: string;
  /** a dictionary item's English label, shown instead in English when it has one */
  en?: string;
}

/** The choices of the fields that take them from the server. */
export interface FieldOptions {
  /** ref / multiRef: the other resource's `select`; dict: the dictionary's items */
  choices: Record<string, Choice[]>;
  /** treeRef: the other resource's `tree` */
  trees: Record<string, TreeNode[]>;
}

export const NO_OPTIONS: FieldOptions = { choices: {}, trees: {} };

type Source = { name: string; eager: boolean } & ({ kind: 'select' | 'tree'; basePath: string } | { kind: 'dict'; dict: NonNullable<FieldDef['dict']> });

/**
 * Where each field's choices come from; fields without any are left out.
 * `eager`: the table or the search form shows them, so they load with the
 * page; a tree only an edit form needs (a region's parent: the whole country)
 * waits for a dialog.
 */
export function optionSources(fields: Record<string, FieldDef>): Source[] {
  const sources: Source[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const shown = field.column !== false || Boolean(field.search);
    if ((field.kind === 'ref' || field.kind === 'multiRef') && field.ref) sources.push({ name, eager: true, kind: field.ref.tree ? 'tree' : 'select', basePath: field.ref.basePath });
    else if (field.kind === 'treeRef' && field.ref) sources.push({ name, eager: shown, kind: 'tree', basePath: field.ref.basePath });
    else if (field.kind === 'dict' && field.dict) sources.push({ name, eager: true, kind: 'dict', dict: field.dict });
  }
  return sources;
}

function load(transport: ResourceTransport, source: Source): Promise<Choice[] | TreeNode[]> {
  if (source.kind === 'dict')
    return dictionaryItems(transport, source.dict).then((items) =>
      items.map((i) => ({ value: String(i.dictKey), label: i.dictValue, ...(i.dictValueEn ? { en: i.dictValueEn } : {}) })),
    );
  if (source.kind === 'tree') return treeNodes(transport, source.basePath);
  return selectOptions(transport, source.basePath).then((list) => list.map((o) => ({ value: String(o.id), label: o.label })));
}

const callKey = (source: Source) => (source.kind === 'dict' ? `dict:${source.dict.biz ? 'biz' : ''}:${source.dict.code}` : `${source.kind}:${source.basePath}`);

/**
 * Loads the choices of the fields that have some: the eager ones on mount and
 * when the dictionaries are invalidated, all of them on `reload()` (a dialog
 * opening: another page may have added the record to pick). Fields on the
 * same service share one call; a field keeps the answer of its latest call. A
 * failed call leaves that field's choices empty; the host has shown why.
 */
export function useFieldOptions(fields: Record<string, FieldDef>, transport: ResourceTransport): FieldOptions & { reload(): void } {
  const sources = useMemo(() => optionSources(fields), [fields]);
  const dictionaries = useSyncExternalStore(subscribeDictionaries, dictionaryGeneration);
  const [options, setOptions] = useState<FieldOptions>(NO_OPTIONS);
  // per field, the number of its latest call: an older answer arriving later is dropped
  const latest = useRef(new Map<string, number>());
  const calls = useRef(0);
  const mounted = useRef(true);

  const loadSome = useCallback(
    (which: Source[]) => {
      if (which.length === 0) return;
      const mine = ++calls.current;
      for (const source of which) latest.current.set(source.name, mine);
      const shared = new Map<string, Promise<Choice[] | TreeNode[]>>();
      const once = (source: Source) => {
        const key = callKey(source);
        if (!shared.has(key))
          shared.set(
            key,
            load(transport, source).catch(() => []),
          );
        return shared.get(key)!;
      };
      void Promise.all(which.map(once)).then((lists) => {
        const current = which.map((source, i) => [source, lists[i]] as const).filter(([source]) => latest.current.get(source.name) === mine);
        if (!mounted.current || current.length === 0) return;
        setOptions((prev) => {
          const next = { choices: { ...prev.choices }, trees: { ...prev.trees } };
          for (const [source, list] of current) {
            if (source.kind === 'tree') next.trees[source.name] = list as TreeNode[];
            else next.choices[source.name] = list as Choice[];
          }
          return next;
        });
      });
    },
    [transport],
  );

  const reload = useCallback(() => loadSome(sources), [loadSome, sources]);

  useEffect(() => {
    mounted.current = true;
    loadSome(sources.filter((source) => source.eager));
    return () => {
      mounted.current = false;
    };
  }, [loadSome, sources, dictionaries]);

  const english = useTranslation(undefined, { i18n: useResourceHost().i18n }).i18n.language === 'en';
  return useMemo(() => ({ ...(english ? inEnglish(options) : options), reload }), [options, reload, english]);
}

/** The choices with the English labels of the dictionary items that have one. */
function inEnglish(options: FieldOptions): FieldOptions {
  const choices = Object.fromEntries(Object.entries(options.choices).map(([name, list]) => [name, list.map((c) => (c.en ? { ...c, label: c.en } : c))]));
  return { ...options, choices };
}

/** Every node of a tree by its value, with its title: a treeRef column's labels. */
export function treeLabels(nodes: TreeNode[] | undefined, into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes ?? []) {
    into.set(String(node.value), node.title);
    treeLabels(node.children, into);
  }
  return into;
}

/** A node as antd's TreeSelect takes it. */
export interface TreeChoice {
  title: string;
  value: string;
  key: string;
  disabled?: boolean;
  children?: TreeChoice[];
}

/**
 * A treeRef's choices. When `self` is the record being edited, it and every
 * node below it cannot be picked: a node is not its own parent or descendant's child.
 */
export function treeChoices(nodes: TreeNode[], self?: string, underSelf = false): TreeChoice[] {
  return nodes.map((node) => {
    const disabled = underSelf || (self !== undefined && String(node.value) === self);
    return {
      title: node.title,
      value: String(node.value),
      key: String(node.key),
      ...(disabled ? { disabled } : {}),
      // a leaf has no `children` key: TreeSelect then shows no expander
      ...(node.children ? { children: treeChoices(node.children, self, disabled) } : {}),
    };
  });
}
