import type { PgColumn } from 'drizzle-orm/pg-core';
import { keyOf, type AnyResourceDef } from '@wb/contracts/resource';
import { fieldRuleError } from '@wb/contracts/field-rules';
import { hashPassword } from '../passwords';
import type { SecretBox } from '../secrets';
import { badRequest, formatTime } from '../envelope';
import { sanitizeHtml } from '../html';
import { answeredFields, writableFields } from './schemas';

export type Row = Record<string, unknown>;

const AUDIT = ['createUser', 'updateUser'] as const;
const TIMES = ['createTime', 'updateTime'] as const;

/** A value as the wire carries it: ids and other big numbers as strings, times formatted. */
function wireValue(col: PgColumn | undefined, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatTime(v);
  // a switch kept in a boolean column (the menu's flags) answers 0 or 1 like the others
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (col?.columnType === 'PgBigInt53') return String(v);
  return v;
}

/** The record as answered: the key as `id`, the def's fields (no password), tenant, audit columns. */
export function toWire(def: AnyResourceDef, columns: Record<string, PgColumn>, row: Row): Row {
  const out: Row = { id: String(row[keyOf(def)] ?? '') };
  for (const k of answeredFields(def)) if (!def.fields[k].virtual) out[k] = wireValue(columns[k], row[k]);
  if (columns.tenantId) out.tenantId = row.tenantId;
  for (const k of AUDIT) if (columns[k]) out[k] = wireValue(columns[k], row[k]);
  for (const k of TIMES) if (columns[k]) out[k] = formatTime(row[k] as Date);
  if (columns.status) out.status = row.status;
  return out;
}

/**
 * The values of a submit as the columns take them: trimmed text, numbers for
 * numeric columns, '' → null for an optional ref (or the root for a tree parent),
 * dates parsed, passwords hashed, rich text sanitised. Fields absent from the body are left alone
 * (an update of part of a record, as the family's clients send it); an add must have the required ones.
 */
export async function fromWire(def: AnyResourceDef, columns: Record<string, PgColumn>, body: Row, existing: Row | undefined, box: SecretBox): Promise<Row> {
  const isNew = !existing;
  const values: Row = {};
  for (const k of writableFields(def)) {
    const f = def.fields[k];
    let v = body[k];
    if (f.addOnly && !isNew) continue;
    if (v === undefined && isNew && f.default !== undefined) v = f.default;
    if (v === undefined) continue;
    if (typeof v === 'string') v = v.trim();
    // the field's own rule (a phone, an e-mail, the password rule), in the words the form shows;
    // a value kept as it was (a landline saved before the rule) does not stop other changes
    const broken = fieldRuleError(f, v);
    if (broken && existing?.[k] !== v) throw badRequest(broken.zh, k);
    const col = columns[k];
    if (f.kind === 'password' && f.sealed) v = v === '' ? undefined : box.seal(String(v));
    else if (f.kind === 'password') v = v === '' ? undefined : await hashPassword(String(v));
    else if (f.kind === 'treeRef' && (v === '' || v === null)) v = def.tree?.root ?? '';
    else if (f.kind === 'date') v = v === '' ? null : new Date(String(v));
    // rich text is stored sanitised, whoever sent it (a form, a script, an import)
    else if (f.kind === 'richText') v = await sanitizeHtml(String(v));
    if (v === '' && (f.kind === 'ref' || f.kind === 'dict' || f.kind === 'select') && col.dataType === 'number') v = null;
    if (v !== null && v !== undefined && col.dataType === 'number') {
      const n = Number(v);
      if (!Number.isSafeInteger(n)) throw badRequest(`${f.label.zh}不合法`, k);
      v = n;
    } else if (v !== null && v !== undefined && col.dataType === 'string') v = String(v);
    else if (v !== null && v !== undefined && col.dataType === 'boolean') v = Number(v) === 1;
    if (v instanceof Date && Number.isNaN(v.getTime())) throw badRequest(`${f.label.zh}不合法`, k);
    if (f.kind === 'image' && v && !/^(\/us-resource\/|https?:\/\/)/.test(String(v))) throw badRequest(`${f.label.zh}地址不正确`, k);
    if (v !== undefined) values[k] = v;
  }
  // a new record needs its required fields (a default counts); an update keeps what it is not sent
  if (isNew) {
    for (const k of writableFields(def)) {
      const f = def.fields[k];
      if (f.required && (values[k] === undefined || values[k] === '' || values[k] === null)) throw badRequest(f.required.zh, k);
    }
  }
  return values;
}
