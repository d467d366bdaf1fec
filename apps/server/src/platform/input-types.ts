import { Type, type StringOptions } from '@sinclair/typebox';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './envelope';

/**
 * The types request values are born with. Every schema of the API takes its ids,
 * keys, pages and dates from here, so that a value the database cannot hold
 * (an id past 64 bits, page 1e20, 2024-13-45) is refused as a 400 naming the field
 * before any handler or statement sees it. Text is checked once for every route
 * by `refuseUnstorableInput` below, whatever its schema says.
 */

/** A decimal id: at most 18 digits, so always inside PostgreSQL's bigint (2^63). */
const ID = '\\d{1,18}';
export const ID_PATTERN = `^${ID}$`;
export const IdText = (opts: StringOptions = {}) => Type.String({ pattern: ID_PATTERN, ...opts });
/** An id, or a negative number: the project picker's 全部 (-1), which names no record. */
export const IdOrAll = (opts: StringOptions = {}) => Type.String({ pattern: `^-?${ID}$`, ...opts });
/** Comma-separated ids. */
export const IdList = (opts: StringOptions = {}) => Type.String({ pattern: `^${ID}(,${ID})*$`, maxLength: 8000, description: 'comma-separated ids', ...opts });
/** Comma-separated ids or nothing (a cleared filter). */
export const OptionalIdList = (opts: StringOptions = {}) => Type.String({ pattern: `^(${ID}(,${ID})*)?$`, maxLength: 8000, ...opts });

/** Ids as the family's clients send them in a body (grants, menus): comma-joined text (or none), or an array. */
export const IdListOrArray = () => Type.Union([OptionalIdList({ maxLength: 40_000 }), Type.Array(IdText(), { maxItems: 5000 })]);

/** A code key (regions are keyed by code) and a list of them. */
const CODE = '[A-Za-z0-9_.-]{1,64}';
export const CodeText = (opts: StringOptions = {}) => Type.String({ pattern: `^${CODE}$`, ...opts });
export const CodeList = (opts: StringOptions = {}) => Type.String({ pattern: `^${CODE}(,${CODE})*$`, maxLength: 8000, description: 'comma-separated keys', ...opts });

/** Text that fits the column it is stored in: the schema's length is the column's own. */
export const ColumnText = (column: PgColumn, opts: StringOptions = {}) => {
  const length = (column as PgColumn & { length?: number }).length;
  if (!length) throw new Error(`ColumnText needs a varchar column with a length, not ${column.name}`);
  return Type.String({ maxLength: length, ...opts });
};

/** The paging every list takes: pages from 1, at most a million of them; size up to 200. */
export const MAX_PAGE = 1_000_000;
export const PageQuery = {
  current: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
};

/** 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]' of a day that exists (the `wb-date` format checks the calendar). */
export const DATE_FORMAT = 'wb-date';
export const DateText = (opts: StringOptions = {}) => Type.String({ format: DATE_FORMAT, maxLength: 19, description: 'yyyy-MM-dd[ HH:mm[:ss]]', ...opts });

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** True for a date and time that is on the calendar: 2024-02-29 yes, 2023-02-29 and 24:00 no. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/**
 * The validator's options, for the routes' schemas and for an import's rows alike: unknown body
 * fields are dropped rather than refused, and every violation is reported so the message can
 * name the first field of the form.
 */
export const AJV_OPTIONS = { removeAdditional: true, useDefaults: true, coerceTypes: 'array', allErrors: true } as const;

/**
 * The values of a call the family's clients send in the body or in the query string, as one
 * object (the body's win); each part was validated by its own schema.
 */
export const requestValues = <T extends object = Record<string, unknown>>(req: FastifyRequest): T => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) }) as T;

/** Registers the formats above with the route schemas' validator (Fastify's `ajv.plugins`). */
export function inputFormats<A extends { addFormat(name: string, format: { type: 'string'; validate: (v: string) => boolean }): unknown }>(ajv: A): A {
  ajv.addFormat(DATE_FORMAT, { type: 'string', validate: isCalendarDate });
  return ajv;
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Parsed values: objects and arrays, not a file's bytes or a stream (the query parser's objects have their own prototype). */
const isParsed = (v: object) => !(ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function');

/**
 * The name of the first value in `value` that no column can hold: text with a NUL or
 * half a surrogate pair, or a number that is not finite (the validator turns the
 * query text 'Infinity' into one, and lets it past `maximum`). '' when the value
 * itself is such; undefined when there is none.
 */
export function unstorable(value: unknown, name = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? name : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : name;
  if (!value || typeof value !== 'object' || !isParsed(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k)) return k;
    const found = unstorable(v, Array.isArray(value) ? name : k);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Deeper than any body of the API nests (trees are sent flat, by parentId): a JSON body nested
 * further is refused before it is parsed, so that no walk of request values (the validator, the
 * checks below and in the file links, the API log's redaction) can run out of stack on it.
 */
export const MAX_BODY_DEPTH = 64;

/** Whether JSON text opens arrays and objects more than `max` deep; brackets inside strings do not count. */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escaped characters
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The JSON parser of every route: Fastify's own (which refuses `__proto__` and `constructor` keys), after the depth check. */
export function refuseDeepBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    // a body shorter than twice the depth cannot be nested deeper: the usual small form skips the scan
    if (text.length > 2 * MAX_BODY_DEPTH && nestsDeeper(text, MAX_BODY_DEPTH)) return done(badRequest(`请求体 不合法: 嵌套超过 ${MAX_BODY_DEPTH} 层`, 'body'), undefined);
    parse(req, text, done);
  });
}

/**
 * Refuses, for every route, a request whose path, query or JSON body holds a value
 * no column can hold: one check at one point, after validation has coerced the
 * values, instead of a pattern on every string of every schema.
 */
export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = unstorable(part);
      if (field !== undefined) throw badRequest(`${field || '参数'} 不合法: 含有无法保存的字符或数值`, field || undefined);
    }
  });
}

/** A form body is a handful of fields: far below the JSON limit. */
const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The family's parameters (BladeX's `@RequestParam`): its clients send a POST's values in the query
 * string (Saber) or as a form body (Sword), where ours send JSON. For every POST route, a value its
 * body schema names that comes in the query string counts as the body's (a value in both: the
 * body's), a value its query schema names that comes in the body counts as the query's, and a form
 * body is read as the JSON one would be; each is then validated by its own schema.
 * A form is what a cross-site page can post without a preflight: a public route takes one, and its
 * body's values from the query string, only when it says so (`config.formBody`, the OAuth token
 * call); every other route needs a token in a header, which no form can send. Registered before the
 * permission check, which reads the body (a submit with an `id` is an edit, wherever the id came).
 */
export function familyParameters(api: FastifyInstance): void {
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (req, body, done) => {
    const config = req.routeOptions.config;
    if (config?.public && !config.formBody) return done(new ApiError(415, '不支持的内容类型'), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  api.addHook('preValidation', async (req) => {
    if (req.method !== 'POST' || (req.routeOptions.config?.public && !req.routeOptions.config.formBody)) return;
    const schema = req.routeOptions.schema as { body?: { properties?: object }; querystring?: { properties?: object } } | undefined;
    const inBody = schema?.body?.properties ?? {};
    const inQuery = schema?.querystring?.properties ?? {};
    const query = req.query as Record<string, unknown>;
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : undefined;
    // a body value in the query string (Saber's `update-password?oldPassword=…`)
    const toBody = Object.keys(query).filter((k) => k in inBody && !(k in inQuery));
    if (toBody.length) {
      const target = body ?? {};
      for (const k of toBody) {
        target[k] ??= query[k];
        delete query[k];
      }
      req.body = target;
    }
    // a query value in a form body (Sword's `remove` with `ids=…` posted as a form)
    if (body) for (const k of Object.keys(body)) if (k in inQuery && !(k in inBody) && query[k] === undefined) query[k] = body[k];
  });
}
