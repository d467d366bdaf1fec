import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { keyOf, SORT_PARAMS, sortableFields, type AnyResourceDef, type FieldDef } from '@wb/contracts/resource';
import type { FieldMessages } from '../errors';
import { CodeList, CodeText, DateText, IdList, IdText, OptionalIdList, PageQuery } from '../input-types';

/** Request and response schemas derived from a resource definition (they also make the OpenAPI document). */

/** A key of this resource and a list of them: ids, or codes for a resource keyed by code. */
export const keyText = (def: AnyResourceDef) => (keyOf(def) === 'id' ? IdText() : CodeText());
export const keyList = (def: AnyResourceDef) => (keyOf(def) === 'id' ? IdList() : CodeList());
/** An id as a form sends it: the text, '' for none, or a number (the largest JavaScript holds exactly). */
const IdValue = (required: boolean, description?: string) =>
  Type.Union([IdText(), ...(required ? [] : [Type.Literal('')]), Type.Integer({ minimum: required ? 1 : 0, maximum: Number.MAX_SAFE_INTEGER })], { description });

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
      return IdValue(!!f.required, `${description} (${f.ref?.resource} id)`);
    case 'treeRef':
      // the root's key, or a node's; codes for a tree keyed by code
      return Type.Union([Type.String({ pattern: '^[A-Za-z0-9_.-]{0,64}$' }), Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })], {
        description: `${description} (${f.ref?.resource})`,
      });
    case 'multiRef':
      return (f.required ? IdList : OptionalIdList)({ maxLength: 4000, description: `${description} (comma-separated ${f.ref?.resource} ids)` });
    case 'select':
      return Type.Union(
        [
          ...(f.options ?? []).flatMap((o) => [Type.Literal(String(o.value)), ...(typeof o.value === 'number' ? [Type.Literal(o.value)] : [])]),
          // an optional choice is emptied by '' (dropUntouched keeps it)
          ...(f.required || f.default !== undefined ? [] : [Type.Literal('')]),
        ],
        { description: `${description}: ${(f.options ?? []).map((o) => `${o.value} ${o.label.zh}`).join(', ')}` },
      );
    case 'dict':
      // a key of the dictionary; the handler checks it is one
      return Type.Union([CodeText(), Type.Integer({ minimum: -2147483648, maximum: 2147483647 }), ...(f.required || f.default !== undefined ? [] : [Type.Literal('')])], {
        description: `${description} (字典 ${f.dict?.code})`,
      });
    case 'date':
      return f.required ? DateText({ description }) : Type.Union([DateText(), Type.Literal('')], { description });
    default: {
      const base = { maxLength: f.maxLength ?? 255, description };
      // a required text must hold something besides spaces
      return f.required ? Type.String({ ...base, minLength: 1, pattern: '\\S' }) : Type.String(base);
    }
  }
}

/**
 * Whether a submit's '' for the field means it was left alone: the family's clients send '' for an
 * untouched number or choice (BladeX reads it as null, which its update skips and its insert leaves
 * to the default). A number or switch has no empty value; a choice that must be made, or that has a
 * default, cannot be emptied either. An optional choice without one is emptied by '' (our form's
 * cleared select).
 */
const untouched = (f: FieldDef): boolean => f.kind === 'number' || f.kind === 'switch' || ((f.kind === 'select' || f.kind === 'dict') && (!!f.required || f.default !== undefined));

/** Drops the keys whose '' means untouched (above), before validation. */
export function dropUntouched(def: AnyResourceDef, body: Record<string, unknown>): void {
  for (const [k, f] of Object.entries(def.fields)) if (body[k] === '' && untouched(f)) delete body[k];
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
    ids: Type.Optional(Type.Union([keyList(def), Type.Literal('')], { description: 'only these records (comma-separated keys)' })),
  };
  for (const k of searchable) {
    const f = def.fields[k];
    if (f.search === 'range') {
      Filters[`${k}_dategt`] = Type.Optional(Type.Union([DateText(), Type.Literal('')]));
      Filters[`${k}_datelt`] = Type.Optional(Type.Union([DateText(), Type.Literal('')]));
    } else if (f.search === 'in') {
      Filters[k] = Type.Optional(OptionalIdList({ description: `${f.label.zh} (comma-separated ids)` }));
    } else {
      Filters[k] = Type.Optional(Type.String({ maxLength: 255, description: f.label.zh }));
    }
  }
  for (const k of CREATE_TIME_FILTERS) Filters[k] = Type.Optional(Type.Union([DateText(), Type.Literal('')]));
  for (const [k, schema] of Object.entries(extras.filters ?? {})) Filters[k] = Type.Optional(schema);

  // the order of a page, as the BladeX family sends it: comma-joined names of sortable fields (checked by sorting.ts)
  const sortable = sortableFields(def).join(', ');
  const Sorts = Object.fromEntries(
    Object.values(SORT_PARAMS).map((p) => [
      p,
      Type.Optional(Type.String({ maxLength: 255, description: `${p === SORT_PARAMS.asc ? '升序' : '降序'}字段, 逗号分隔 (${sortable || '-'}, createTime)` })),
    ]),
  );
  const ListQuery = Type.Object({ ...PageQuery, ...Filters, ...Sorts });
  const ExportQuery = Type.Object(Filters);

  const DetailQuery = Type.Object({
    id: Type.Optional(keyText(def)),
    ...(key !== 'id' ? { [key]: Type.Optional(keyText(def)) } : {}),
    // a unique ref (a project's one package) is looked up by an id, as its column holds one
    ...Object.fromEntries((def.unique ?? []).map((u) => [u.field, Type.Optional(def.fields[u.field].kind === 'ref' ? IdText() : Type.String({ maxLength: 255 }))])),
  });

  // every field may be left out: an update changes what it is sent (the family's clients send part of a
  // record), and an add takes the defaults; the fields an add must have are checked by wire.ts (fromWire)
  const bodyField = (k: string) => Type.Optional(inputSchema(def.fields[k]));
  const SubmitBody: TObject = Type.Object(
    {
      id: Type.Optional(key === 'id' ? IdValue(false) : Type.Union([CodeText(), Type.Literal('')])),
      ...Object.fromEntries(writableFields(def).map((k) => [k, bodyField(k)])),
    },
    // fields the client echoes back (createTime, tenantId …) are dropped, never written
    {
      additionalProperties: false,
      description: `新增时必填: ${
        writableFields(def)
          .filter((k) => def.fields[k].required && def.fields[k].default === undefined)
          .join(', ') || '-'
      }; 修改时只改所传字段`,
    },
  );

  const actionBody = (fields: Record<string, FieldDef>) =>
    Type.Object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.required ? inputSchema(f) : Type.Optional(inputSchema(f))])), { additionalProperties: false });

  return { fieldMessages, Record, ListQuery, ExportQuery, DetailQuery, SubmitBody, searchable, Filters, actionBody };
}
