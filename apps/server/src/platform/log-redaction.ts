import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import { FILE_LINK_PATH } from './storage';

// Every log line passes through here, so a password typed at the login page, a refresh token or a
// failed query's parameters (a password or token hash) never reaches the log in clear text.
// Four layers, each for a way a secret gets in:
// - the req serializer writes the request URL with secret query values (a signed upload's signature
//   too) and a signed file link's signature as ***;
// - the err serializer drops a failed query's parameters (Drizzle puts them in the message, the stack
//   and `params`; PGlite and pg in `params` and `detail`) and hides secret-named fields;
// - formatters.log hides secret-named keys anywhere in any other object that is logged;
// - hooks.logMethod hides `key=value` secrets in message strings (a URL in a message);
// and pino's own `redact` censors the header paths, should headers ever be logged.

export const REDACTED = '***';

/** Keys whose value is a secret, compared lower-case without '-' and '_'. */
const SECRET_KEYS = new Set([
  'code',
  'captchacode',
  'identifycode',
  'smscode',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
]);
/** a signed address's signature (ours, S3's X-Amz-Signature) is its credential */
const SECRET_PARTS = /password|passwd|secret|credential|signature/;
/** Fields of a database error that hold a query's values. */
const QUERY_VALUE_KEYS = new Set(['params', 'parameters', 'values', 'queryOptions']);

const normalize = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

export interface RedactionOptions {
  /** the header that carries the access token (config.tokenHeader, 'saas-auth' by default) */
  tokenHeader: string;
}

export function secretKeyTest({ tokenHeader }: RedactionOptions): (key: string) => boolean {
  const header = normalize(tokenHeader);
  return (key) => {
    const n = normalize(key);
    return SECRET_KEYS.has(n) || n === header || n.endsWith('token') || SECRET_PARTS.test(n);
  };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** A signed file link's name, `<uuid>-<tenant>-<expires>-<signature>.<ext>` (FileLinks): the signature is the part to hide. */
const SIGNED_FILE_NAME = new RegExp(`(${FILE_LINK_PATH}/[0-9a-f-]{36}-[A-Za-z0-9]{1,12}-\\d{1,12}-)[A-Za-z0-9_-]{22}(?=\\.)`);

/** A request URL with the value of every secret query parameter, and a file link's signature, written as ***. */
export function redactUrl(given: string, isSecret: (key: string) => boolean): string {
  const url = given.includes(FILE_LINK_PATH) ? given.replace(SIGNED_FILE_NAME, `$1${REDACTED}`) : given;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return isSecret(decode(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}`;
}

/** Free text with `key=value` secrets (a URL inside a message) written as key=***. */
export function redactText(text: string, isSecret: (key: string) => boolean): string {
  if (!text.includes('=')) return text;
  return text.replace(/(^|[?&;\s])([^=&?;\s#]+)=([^&;\s#]*)/g, (all, pre: string, key: string) => (isSecret(decode(key)) ? `${pre}${key}=${REDACTED}` : all));
}

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (v: unknown): v is ErrorLike => v instanceof Error || (!!v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string' && 'stack' in v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

const MAX_DEPTH = 8;

export type Redactor = ReturnType<typeof createRedactor>;

export function createRedactor(options: RedactionOptions) {
  const isSecret = secretKeyTest(options);
  const text = (s: string) => redactText(s, isSecret);

  /** Drizzle writes 'Failed query: <sql>\nparams: <values>'; the SQL (with $1 placeholders) stays, the values go. */
  function errorMessage(e: ErrorLike): string {
    let m = e.message;
    const at = m.indexOf('\nparams: ');
    if (at >= 0) m = `${m.slice(0, at)}\nparams: ${REDACTED}`;
    // PostgreSQL's data exceptions (class 22) quote the value they could not take: 'invalid input syntax for type uuid: "…"'
    if (typeof e.code === 'string' && e.code.startsWith('22')) m = m.replace(/"[^"]*"/g, `"${REDACTED}"`);
    return text(m);
  }

  /** The stack's first lines repeat the message (with the values): they are written again from the clean one. */
  function errorStack(e: ErrorLike, message: string): string | undefined {
    if (typeof e.stack !== 'string') return undefined;
    const frames = e.stack.indexOf('\n    at ');
    return `${e.name || 'Error'}: ${message}${frames < 0 ? '' : e.stack.slice(frames)}`;
  }

  /** 'Key (token_hash)=(…) already exists.', 'Failing row contains (…)': the column names stay, the values go. */
  const errorDetail = (d: string) => d.replace(/(Failing row contains )\(.*\)/s, `$1(${REDACTED})`).replace(/\)=\(.*\)/s, `)=(${REDACTED})`);

  /** A copy of the error (and its causes) without values; pino's serializer then writes it as usual. */
  function cleanError(e: ErrorLike, depth: number, seen: Set<unknown>): Record<string, unknown> {
    seen.add(e);
    const message = errorMessage(e);
    const out: Record<string, unknown> = { message, stack: errorStack(e, message) };
    for (const key of Object.keys(e)) {
      if (key === 'message' || key === 'stack' || key === 'cause') continue;
      const v = e[key];
      // an error's `code` is its kind ('23505'), not a captcha code
      if (QUERY_VALUE_KEYS.has(key) || (key !== 'code' && isSecret(key))) out[key] = REDACTED;
      else if (key === 'detail' && typeof v === 'string') out[key] = errorDetail(v);
      else out[key] = value(v, depth + 1, seen);
    }
    const cause = e.cause;
    if (cause !== undefined) out.cause = isErrorLike(cause) && !seen.has(cause) && depth < MAX_DEPTH ? cleanError(cause, depth + 1, seen) : value(cause, depth + 1, seen);
    return out;
  }

  /** pino's error shape (message and stack with the causes'), plus each cause's own fields (code, detail, constraint), which pino leaves out. */
  function serialized(clean: Record<string, unknown>, original: ErrorLike, depth: number): Record<string, unknown> {
    const out = stdSerializers.err(clean as unknown as Error) as unknown as Record<string, unknown>;
    // the copy is a plain object; the type is the original's
    out.type = original.constructor?.name ?? original.name;
    const cause = clean.cause;
    if (isErrorLike(original.cause) && cause && typeof cause === 'object' && depth < MAX_DEPTH) out.cause = serialized(cause as Record<string, unknown>, original.cause, depth + 1);
    return out;
  }

  function serializeError(err: unknown): unknown {
    if (!isErrorLike(err)) return value(err, 0, new Set());
    return serialized(cleanError(err, 0, new Set()), err, 0);
  }

  /** Any logged value with secret-named keys hidden, at any depth; class instances other than errors are left as they are. */
  function value(v: unknown, depth: number, seen: Set<unknown>): unknown {
    if (typeof v === 'string') return text(v);
    if (!v || typeof v !== 'object') return v;
    if (seen.has(v)) return '[Circular]';
    if (depth > MAX_DEPTH) return '[…]';
    if (isErrorLike(v)) return serializeError(v);
    if (Array.isArray(v)) {
      seen.add(v);
      return v.map((x) => value(x, depth + 1, seen));
    }
    if (!isPlainObject(v)) return v;
    seen.add(v);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = isSecret(k) && x !== undefined && x !== null ? REDACTED : value(x, depth + 1, seen);
    return out;
  }

  /**
   * Plain data (a request's query and parsed body) as JSON with the same secrets hidden as `value`
   * hides, in JSON.stringify's one pass: no redacted copy is built first. It runs for every request
   * the API log records.
   */
  const json = (v: unknown): string | undefined => {
    try {
      return JSON.stringify(v, (key, x: unknown) => (key !== '' && x !== undefined && x !== null && isSecret(key) ? REDACTED : typeof x === 'string' ? text(x) : x));
    } catch {
      // not JSON data (a cycle, a BigInt): the redacted copy, cut at MAX_DEPTH; nothing for what even
      // that cannot write (an object of some class with a cycle), which must not fail the caller
      try {
        return JSON.stringify(value(v, 0, new Set()));
      } catch {
        return undefined;
      }
    }
  };

  return { isSecret, url: (url: string) => redactUrl(url, isSecret), text, error: serializeError, value: (v: unknown) => value(v, 0, new Set()), json };
}

/** Keys whose values pino's serializers write; formatters.log leaves them to those. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/**
 * The options of Fastify's logger (pino) with every redaction in place.
 * `stream` is where lines go (stdout when absent; tests capture them).
 */
export function loggerOptions(opts: RedactionOptions & { level: string; stream?: DestinationStream }): FastifyLoggerOptions & LoggerOptions {
  const r = createRedactor(opts);
  const headers = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'captcha-code', opts.tokenHeader.toLowerCase()].filter((h) => /^[a-z0-9-]+$/.test(h));
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: {
      paths: [...new Set(headers)].flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
      censor: REDACTED,
    },
    serializers: {
      // Fastify's own req serializer, with the query string's secrets hidden
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: r.url(req.url),
        version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      // what Fastify's type says an err serializer answers; a non-error logged as err comes back scrubbed as it is
      err: (err) => r.error(err) as { type: string; message: string; stack: string },
    },
    formatters: {
      log: (obj) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(obj)) out[k] = SERIALIZED.has(k) ? v : r.isSecret(k) && v !== undefined && v !== null ? REDACTED : r.value(v);
        return out;
      },
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? r.text(a) : a)) as Parameters<typeof method>);
      },
    },
  };
}
