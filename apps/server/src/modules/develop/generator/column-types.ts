import type { ComponentType, QueryType } from '@wb/contracts/resources/develop';
import { quote } from './names';

/**
 * PostgreSQL column types as the catalogue writes them (format_type), read into what the
 * generator needs: the Drizzle builder and the SQL drizzle-kit writes for it, the TypeScript
 * type of the values, and which form components and searches a field of that type can have.
 * A type the resource framework cannot check as a field (numeric, json, uuid …) is still a
 * column of the generated table, but cannot be shown in the list or the form.
 */

export type Family =
  'smallint' | 'integer' | 'bigint' | 'boolean' | 'text' | 'varchar' | 'char' | 'timestamp' | 'date' | 'time' | 'numeric' | 'real' | 'double' | 'json' | 'jsonb' | 'uuid' | 'other';

export interface ColumnType {
  family: Family;
  /** characters of a varchar/char, digits of a numeric */
  length?: number;
  scale?: number;
  /** fractional digits of a timestamp or time */
  precision?: number;
  withTimezone?: boolean;
}

const PATTERNS: [RegExp, (m: RegExpExecArray) => ColumnType][] = [
  [/^smallint$/, () => ({ family: 'smallint' })],
  [/^integer$/, () => ({ family: 'integer' })],
  [/^bigint$/, () => ({ family: 'bigint' })],
  [/^boolean$/, () => ({ family: 'boolean' })],
  [/^text$/, () => ({ family: 'text' })],
  [/^character varying(?:\((\d+)\))?$/, (m) => ({ family: 'varchar', length: num(m[1]) })],
  [/^character(?:\((\d+)\))?$/, (m) => ({ family: 'char', length: num(m[1]) })],
  [/^timestamp(?:\((\d)\))? with(out)? time zone$/, (m) => ({ family: 'timestamp', precision: num(m[1]), withTimezone: m[2] === undefined })],
  [/^date$/, () => ({ family: 'date' })],
  [/^time(?:\((\d)\))? with(out)? time zone$/, (m) => ({ family: 'time', precision: num(m[1]), withTimezone: m[2] === undefined })],
  [/^numeric(?:\((\d+),(\d+)\))?$/, (m) => ({ family: 'numeric', length: num(m[1]), scale: num(m[2]) })],
  [/^real$/, () => ({ family: 'real' })],
  [/^double precision$/, () => ({ family: 'double' })],
  [/^json$/, () => ({ family: 'json' })],
  [/^jsonb$/, () => ({ family: 'jsonb' })],
  [/^uuid$/, () => ({ family: 'uuid' })],
];

function num(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}

export function columnType(type: string): ColumnType {
  for (const [pattern, read] of PATTERNS) {
    const m = pattern.exec(type);
    if (m) return read(m);
  }
  return { family: 'other' };
}

const INTEGERS: Family[] = ['smallint', 'integer', 'bigint'];
const TEXTS: Family[] = ['text', 'varchar', 'char'];
const DATES: Family[] = ['timestamp', 'date'];

export const isInteger = (f: Family) => INTEGERS.includes(f);
export const isText = (f: Family) => TEXTS.includes(f);

/** The types a field of the resource framework can hold and check. */
export const showable = (f: Family): boolean => isInteger(f) || isText(f) || DATES.includes(f) || f === 'boolean';

export function propertyType(f: Family): string {
  if (isInteger(f) || f === 'real' || f === 'double') return 'number';
  if (f === 'boolean') return 'boolean';
  if (DATES.includes(f)) return 'Date';
  if (isText(f) || f === 'numeric' || f === 'uuid' || f === 'time') return 'string';
  return 'unknown';
}

/** The component a column starts with in the designer. */
export function defaultComponent(t: ColumnType): ComponentType {
  if (t.family === 'boolean') return 'switch';
  if (isInteger(t.family)) return 'number';
  if (DATES.includes(t.family)) return 'date';
  if (t.family === 'text' || (t.length ?? 0) > 255) return 'textarea';
  return 'input';
}

/** Whether a column of this type can be edited with the component. */
export function fits(component: ComponentType, f: Family): boolean {
  switch (component) {
    case 'input':
    case 'textarea':
      return isText(f);
    case 'select':
      // a dictionary's keys are codes: text, or numbers kept in an integer column
      return isText(f) || isInteger(f);
    case 'number':
      return isInteger(f);
    case 'switch':
      return f === 'boolean' || f === 'smallint' || f === 'integer';
    case 'date':
      return DATES.includes(f);
  }
}

/** Whether a column of this type can be searched this way. */
export function searchable(query: QueryType, f: Family): boolean {
  if (query === 'like') return isText(f);
  if (query === 'range') return DATES.includes(f);
  return true;
}

/** The search a column starts with when the designer ticks 'searched'. */
export const defaultQuery = (f: Family): QueryType => (isText(f) ? 'like' : DATES.includes(f) ? 'range' : 'eq');

/** The Drizzle builder of a column: the function imported from drizzle-orm/pg-core and its call. */
export function builder(t: ColumnType, name: string): { fn: string; call: string } | undefined {
  const n = quote(name);
  const opts = (o: Record<string, string | number | boolean | undefined>) => {
    const given = Object.entries(o).filter(([, v]) => v !== undefined);
    return given.length ? `, { ${given.map(([k, v]) => `${k}: ${typeof v === 'string' ? quote(v) : String(v)}`).join(', ')} }` : '';
  };
  switch (t.family) {
    case 'bigint':
      return { fn: 'bigint', call: `bigint(${n}, { mode: 'number' })` };
    case 'varchar':
    case 'char':
      return { fn: t.family, call: `${t.family}(${n}${opts({ length: t.length })})` };
    case 'timestamp':
    case 'time':
      return { fn: t.family, call: `${t.family}(${n}${opts({ withTimezone: t.withTimezone || undefined, precision: t.precision })})` };
    case 'date':
      return { fn: 'date', call: `date(${n}, { mode: 'date' })` };
    case 'numeric':
      return { fn: 'numeric', call: `numeric(${n}${opts({ precision: t.length, scale: t.scale })})` };
    case 'double':
      return { fn: 'doublePrecision', call: `doublePrecision(${n})` };
    case 'other':
      return undefined;
    default:
      return { fn: t.family, call: `${t.family}(${n})` };
  }
}

/** The column's type as drizzle-kit writes it in a migration. */
export function sqlType(t: ColumnType): string {
  const zone = t.withTimezone ? ' with time zone' : '';
  switch (t.family) {
    case 'varchar':
    case 'char':
      return t.length === undefined ? t.family : `${t.family}(${t.length})`;
    // drizzle-kit writes a timestamp's precision after a space and a time's without one
    case 'timestamp':
      return `timestamp${t.precision === undefined ? '' : ` (${t.precision})`}${zone}`;
    case 'time':
      return `time${t.precision === undefined ? '' : `(${t.precision})`}${zone}`;
    case 'numeric':
      return t.length === undefined ? 'numeric' : `numeric(${t.length}, ${t.scale ?? 0})`;
    case 'double':
      return 'double precision';
    default:
      return t.family;
  }
}

/** A column default: the Drizzle call that sets it and the SQL drizzle-kit writes for it. */
export interface DefaultValue {
  ts: string;
  sql: string;
}

/**
 * A default as the catalogue writes it (pg_get_expr) for the generated table: literals stay
 * literals, now() is defaultNow(), anything else is kept as SQL. A sequence's nextval is not
 * kept: the table's key is an identity of its own, and another column's sequence does not exist
 * where the migration runs.
 */
export function defaultValue(expr: string, t: ColumnType): DefaultValue | undefined {
  const e = expr.trim();
  if (!e || /^nextval\(/i.test(e)) return undefined;
  if (/^(now\(\)|CURRENT_TIMESTAMP)$/i.test(e)) return { ts: '.defaultNow()', sql: 'now()' };
  if (isInteger(t.family)) {
    const m = /^\(?'?(-?\d+)'?\)?(?:::(?:integer|bigint|smallint))?$/.exec(e);
    if (m && Number.isSafeInteger(Number(m[1]))) return { ts: `.default(${Number(m[1])})`, sql: String(Number(m[1])) };
  }
  if (t.family === 'boolean' && /^(true|false)$/.test(e)) return { ts: `.default(${e})`, sql: e };
  if (isText(t.family)) {
    const m = /^'((?:[^']|'')*)'(?:::(?:text|character varying|bpchar|character))?$/.exec(e);
    if (m) {
      const value = m[1].replace(/''/g, "'");
      return { ts: `.default(${quote(value)})`, sql: `'${m[1]}'` };
    }
  }
  return { ts: `.default(sql\`${e.replace(/[`\\]|\$\{/g, (c) => `\\${c}`)}\`)`, sql: e };
}
