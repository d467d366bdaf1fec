import type { FieldDef, ResourceDef } from '@wb/contracts/resource';
import { i18n } from '../shared/i18n/i18n';

/**
 * A resource definition carries its texts in both languages; they go into
 * i18next under `res.<name>` so pages translate them like any other text.
 */
export function resourceKeys(def: Pick<ResourceDef, 'name'>) {
  const base = `res.${def.name}`;
  return {
    title: `${base}.title`,
    label: (field: string) => `${base}.fields.${field}.label`,
    required: (field: string) => `${base}.fields.${field}.required`,
    option: (field: string, value: string | number) => `${base}.fields.${field}.options.${value}`,
  };
}

function fieldTexts(field: FieldDef, lng: 'zh' | 'en') {
  return {
    label: field.label[lng],
    ...(field.required ? { required: field.required[lng] } : {}),
    options: Object.fromEntries((field.options ?? []).map((o) => [String(o.value), o.label[lng]])),
  };
}

const registered = new Set<string>();

export function registerResourceI18n(def: Pick<ResourceDef, 'name' | 'title' | 'fields'>): void {
  if (registered.has(def.name)) return;
  registered.add(def.name);
  for (const lng of ['zh', 'en'] as const) {
    const fields = Object.fromEntries(Object.entries(def.fields).map(([key, field]) => [key, fieldTexts(field, lng)]));
    i18n.addResourceBundle(lng, 'translation', { res: { [def.name]: { title: def.title[lng], fields } } }, true, true);
  }
}
