import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { keyOf, type AnyResourceDef, type FieldDef } from '@wb/contracts/resource';
import type { FieldMessages } from '../errors';
import { PageQuery } from '../envelope';

/** Request and response schemas derived from a resource definition (they also make the OpenAPI document). */

export const IdList = Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 4000, description: 'comma-separated ids' });
/** A list of keys: ids, or codes for a resource keyed by code. */
export const KeyList = Type.String({ pattern: '^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$', maxLength: 4000, description: 'comma-separated keys' });
export const DateParam = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', description: 'yyyy-MM-dd[ HH:mm:ss]' });
const IdValue = (required: boolean) => Type.Union([Type.String({ pattern: required ? '^\\d+$' : '^\\d*$' }), Type.Integer({ minimum: 0 })]);

/** The date filters every list takes, besides those its fields declare. */
export const CREATE_TIME_FILTERS = ['createTime_dategt', 'createTime_datelt'] as const;

/** Fields a submit may carry: not computed by the server. */
export const writableFields = (def: AnyResourceDef): string[] => Object.keys(def.fields).filter((k) => !def.fields[k].readonly && !def.fields[k].virtual);

/** Fields a record answers: passwords never. */
export const answeredFields = (def: AnyResourceDef): string[] => Object.keys(def.fields).filter((k) => def.fields[k].kind !== 'password');

/** The field as submitted. */
function inputSchema(f: FieldDef): TSchema {
  const description = f.label.zh;
  switch (f.kind) {
    case 'number':
      return Type.Integer({ description, minimum: f.min ?? 0, maximum: f.max ?? 2147483647 });
    case 'switch':
      return Type.Union([Type.Literal(0), Type.Literal(1)], { description: `${description} (0 否, 1 是)` });
    case 'ref':
      // an empty string clears an optional ref
      return Type.Union([Type.String({ pattern: f.required ? '^\\d+$' : '^\\d*$' }), Type.Integer({ minimum: 1 })], { description: `${description} (${f.ref?.resource} id)` });
    case 'treeRef':
      // the root's key, or a node's; codes for a tree keyed by code
      return Type.Union([Type.String({ pattern: '^[A-Za-z0-9_.-]*$', maxLength: 64 }), Type.Integer({ minimum: 0 })], { description: `${description} (${f.ref?.resource})` });
    case 'multiRef':
      return Type.String({ pattern: f.required ? '^\\d+(,\\d+)*$' : '^(\\d+(,\\d+)*)?$', maxLength: 4000, description: `${description} (comma-separated ${f.ref?.resource} ids)` });
    case 'select':
      return Type.Union(
        (f.options ?? []).flatMap((o) => [Type.Literal(String(o.value)), ...(typeof o.value === 'number' ? [Type.Literal(o.value)] : [])]),
        { description: `${description}: ${(f.options ?? []).map((o) => `${o.value} ${o.label.zh}`).join(', ')}` },
      );
    case 'dict':
      // a key of the dictionary; the handler checks it is one
      return Type.Union([Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), Type.Integer()], { description: `${description} (字典 ${f.dict?.code})` });
    case 'date':
      return f.required ? DateParam : Type.Union([DateParam, Type.Literal('')], { description });
    default: {
      const base = { maxLength: f.maxLength ?? 255, description };
      // a required text must hold something besides spaces
      return f.required ? Type.String({ ...base, minLength: 1, pattern: '\\S' }) : Type.String(base);
    }
  }
}

/** The field as answered: numbers for number/switch, strings for the rest (ids too); a dict key as stored. */
function outputSchema(f: FieldDef): TSchema {
  if (f.kind === 'number' || f.kind === 'switch') return Type.Number();
  if (f.kind === 'dict' || f.kind === 'select') return Type.Union([Type.Number(), Type.String()]);
  return Type.String();
}

export interface SchemaExtras {
  /** extra fields a record answers (names joined by a hook) */
  answers?: Record<string, TSchema>;
  /** filters beyond the fields' own */
  filters?: Record<string, TSchema>;
}

export function resourceSchemas(def: AnyResourceDef, extras: SchemaExtras = {}) {
  const names = Object.keys(def.fields);
  const key = keyOf(def);
  const searchable = names.filter((k) => def.fields[k].search);

  const fieldMessages: FieldMessages = Object.fromEntries(names.map((k) => [k, { label: def.fields[k].label.zh, required: def.fields[k].required?.zh }]));

  const Record = Type.Object({
    id: Type.String(),
    ...Object.fromEntries(answeredFields(def).map((k) => [k, outputSchema(def.fields[k])])),
    ...(def.tenancy === 'global' ? {} : { tenantId: Type.String() }),
    ...extras.answers,
    ...(def.tree ? { hasChildren: Type.Optional(Type.Boolean()) } : {}),
    createUser: Type.Optional(Type.String()),
    createTime: Type.Optional(Type.String()),
    updateUser: Type.Optional(Type.String()),
    updateTime: Type.Optional(Type.String()),
    status: Type.Optional(Type.Integer()),
  });

  const Filters: Record<string, TSchema> = {
    ids: Type.Optional(Type.String({ pattern: '^([A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*)?$', maxLength: 8000, description: 'only these records (comma-separated keys)' })),
  };
  for (const k of searchable) {
    const f = def.fields[k];
    if (f.search === 'range') {
      Filters[`${k}_dategt`] = Type.Optional(DateParam);
      Filters[`${k}_datelt`] = Type.Optional(DateParam);
    } else if (f.search === 'in') {
      Filters[k] = Type.Optional(Type.String({ pattern: '^(\\d+(,\\d+)*)?$', maxLength: 8000, description: `${f.label.zh} (comma-separated ids)` }));
    } else {
      Filters[k] = Type.Optional(Type.String({ maxLength: 255, description: f.label.zh }));
    }
  }
  for (const k of CREATE_TIME_FILTERS) Filters[k] = Type.Optional(DateParam);
  for (const [k, schema] of Object.entries(extras.filters ?? {})) Filters[k] = Type.Optional(schema);

  const ListQuery = Type.Object({ ...PageQuery, ...Filters });
  const ExportQuery = Type.Object(Filters);

  const DetailQuery = Type.Object({
    id: Type.Optional(key === 'id' ? Type.String({ pattern: '^\\d+$' }) : Type.String({ maxLength: 64 })),
    ...(key !== 'id' ? { [key]: Type.Optional(Type.String({ maxLength: 64 })) } : {}),
    ...Object.fromEntries((def.unique ?? []).map((u) => [u.field, Type.Optional(Type.String({ maxLength: 255 }))])),
  });

  // addOnly fields are required when adding only: the handler checks that
  const bodyField = (k: string) => (def.fields[k].required && !def.fields[k].addOnly ? inputSchema(def.fields[k]) : Type.Optional(inputSchema(def.fields[k])));
  const SubmitBody: TObject = Type.Object(
    {
      id: Type.Optional(key === 'id' ? IdValue(false) : Type.String({ maxLength: 64 })),
      ...Object.fromEntries(writableFields(def).map((k) => [k, bodyField(k)])),
    },
    // fields the client echoes back (createTime, tenantId …) are dropped, never written
    { additionalProperties: false },
  );

  const actionBody = (fields: Record<string, FieldDef>) =>
    Type.Object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.required ? inputSchema(f) : Type.Optional(inputSchema(f))])), { additionalProperties: false });

  return { fieldMessages, Record, ListQuery, ExportQuery, DetailQuery, SubmitBody, searchable, Filters, actionBody };
}
