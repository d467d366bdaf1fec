import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FieldDef, AnyResourceDef } from '@wb/contracts/resource';
import type { FieldMessages } from '../errors';
import { PageQuery } from '../envelope';

/** Request and response schemas derived from a resource definition (they also make the OpenAPI document). */

export const IdList = Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 4000, description: 'comma-separated ids' });
const DateParam = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', description: 'yyyy-MM-dd[ HH:mm:ss]' });

/** The field as submitted. */
function inputSchema(f: FieldDef): TSchema {
  const description = f.label.zh;
  switch (f.kind) {
    case 'number':
      return Type.Number({ description });
    case 'switch':
      return Type.Union([Type.Literal(0), Type.Literal(1)], { description: `${description} (0 否, 1 是)` });
    case 'ref':
      // an empty string clears an optional ref
      return Type.Union([Type.String({ pattern: f.required ? '^\\d+$' : '^\\d*$' }), Type.Integer({ minimum: 1 })], { description: `${description} (${f.ref?.resource} id)` });
    case 'select':
      return Type.Union(
        (f.options ?? []).map((o) => Type.Literal(String(o.value))),
        { description: `${description}: ${(f.options ?? []).map((o) => `${o.value} ${o.label.zh}`).join(', ')}` },
      );
    default: {
      const base = { maxLength: f.maxLength ?? 255, description };
      // a required text must hold something besides spaces
      return f.required ? Type.String({ ...base, minLength: 1, pattern: '\\S' }) : Type.String(base);
    }
  }
}

/** The field as answered: numbers for number/switch, strings for the rest (ids too). */
const outputSchema = (f: FieldDef): TSchema => (f.kind === 'number' || f.kind === 'switch' ? Type.Number() : Type.String());

export function resourceSchemas(def: AnyResourceDef) {
  const names = Object.keys(def.fields);
  const searchable = names.filter((k) => def.fields[k].search);

  const fieldMessages: FieldMessages = Object.fromEntries(names.map((k) => [k, { label: def.fields[k].label.zh, required: def.fields[k].required?.zh }]));

  const Record = Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    ...Object.fromEntries(names.map((k) => [k, outputSchema(def.fields[k])])),
    createUser: Type.String(),
    createTime: Type.String(),
    updateUser: Type.String(),
    updateTime: Type.String(),
    status: Type.Integer(),
  });

  const searchSchema = (f: FieldDef) =>
    Type.Optional(f.search === 'in' ? Type.String({ pattern: '^(-?\\d+(,-?\\d+)*)?$', maxLength: 8000, description: `${f.label.zh} (comma-separated ids)` }) : Type.String({ maxLength: 255, description: f.label.zh }));

  const Filters = {
    ids: Type.Optional(Type.String({ pattern: '^(\\d+(,\\d+)*)?$', maxLength: 8000, description: 'only these ids (comma-separated)' })),
    ...Object.fromEntries(searchable.map((k) => [k, searchSchema(def.fields[k])])),
    createTime_dategt: Type.Optional(DateParam),
    createTime_datelt: Type.Optional(DateParam),
  };

  const ListQuery = Type.Object({ ...PageQuery, ...Filters });
  const ExportQuery = Type.Object(Filters);

  const DetailQuery = Type.Object({
    id: Type.Optional(Type.String({ pattern: '^\\d+$' })),
    ...Object.fromEntries((def.unique ?? []).map((u) => [u.field, Type.Optional(Type.String({ maxLength: 255 }))])),
  });

  const SubmitBody: TObject = Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String({ pattern: '^\\d*$' }), Type.Integer({ minimum: 1 })])),
      ...Object.fromEntries(names.map((k) => [k, def.fields[k].required ? inputSchema(def.fields[k]) : Type.Optional(inputSchema(def.fields[k]))])),
    },
    // fields the client echoes back (createTime, tenantId …) are dropped, never written
    { additionalProperties: false },
  );

  return { fieldMessages, Record, ListQuery, ExportQuery, DetailQuery, SubmitBody, searchable };
}
