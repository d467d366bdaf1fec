import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG_FAILURE } from '@wb/contracts/envelope';
import { ApiError } from './envelope';

/** Per-route messages for fields, so a validation failure names the field in the words the user sees. */
export interface FieldMessages {
  [field: string]: { label?: string; required?: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    fieldMessages?: FieldMessages;
  }
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const locationLabel: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** The field an error is about: '/0/message' in a list body names 'message'. */
function fieldOf(e: AjvError, context: string | undefined): string {
  if (e.keyword === 'required') return String(e.params.missingProperty);
  const named = e.instancePath.split('/').filter((x) => x && !/^\d+$/.test(x));
  return named[named.length - 1] || context || 'body';
}

/**
 * Turns a schema violation into a message that names the field. With several,
 * the one about the field that comes first in the form wins, as a user reads it.
 */
export function validationMessage(
  errors: AjvError[],
  context: string | undefined,
  messages: FieldMessages = {},
  valueAt: (path: string) => unknown = () => undefined,
): { msg: string; field: string } {
  const order = Object.keys(messages);
  const rank = (e: AjvError) => {
    const i = order.indexOf(fieldOf(e, context));
    return i < 0 ? order.length : i;
  };
  const e = [...errors].sort((a, b) => rank(a) - rank(b))[0];
  const field = fieldOf(e, context);
  const index = e.instancePath.split('/').find((x) => /^\d+$/.test(x));
  const where = index !== undefined ? `第${Number(index) + 1}条: ` : '';
  const m = messages[field];
  // 'please enter …' is for a field left empty; a value that is there but wrong is called invalid
  const value = valueAt(e.instancePath);
  const empty = e.keyword === 'required' || value === undefined || value === null || (typeof value === 'string' && !value.trim());
  if (m?.required && empty && ['required', 'minLength', 'pattern', 'type', 'anyOf'].includes(e.keyword)) return { msg: m.required, field };
  const label = `${where}${m?.label ? `${m.label}(${field})` : field}`;
  if (e.keyword === 'required') return { msg: `缺少必填参数 ${label}`, field };
  if (e.keyword === 'maxLength') return { msg: `${label} 长度不能超过 ${e.params.limit} 个字符`, field };
  if (e.keyword === 'type') return { msg: `${label} 类型不正确, 应为 ${e.params.type}`, field };
  if (e.keyword === 'format') return { msg: `${label} 不是有效的日期`, field };
  if (e.keyword === 'maximum' || e.keyword === 'minimum') return { msg: `${label} 超出范围 (${e.keyword === 'maximum' ? '最大' : '最小'} ${e.params.limit})`, field };
  if (e.keyword === 'additionalProperties') return { msg: `不支持的参数 ${String(e.params.additionalProperty)}`, field: String(e.params.additionalProperty) };
  if (field === (context ?? '')) return { msg: `${locationLabel[context ?? ''] ?? context} 格式不正确`, field };
  return { msg: `${label} 不合法: ${e.message ?? e.keyword}`, field };
}

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const DB_DOWN_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Database unreachable (the driver's error, or Drizzle's wrapper around it): answer 503, the request may be retried. */
function isDatabaseDown(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if ((e.code && DB_DOWN_CODES.has(e.code)) || DB_DOWN_TEXT.test(e.message ?? '')) return true;
  }
  return false;
}

/**
 * `pageOf` tells, for a page URL that matched no route, the page document of the app
 * whose history-mode route it is (/wel/index → the shell's index.html), or undefined.
 */
export function registerErrorHandling(app: FastifyInstance, pageOf: (url: string) => { dir: string; file: string } | undefined): void {
  app.setErrorHandler((err: FastifyError & { validation?: AjvError[]; validationContext?: string }, req, reply) => {
    if (err.validation) {
      const part = err.validationContext === 'body' ? req.body : err.validationContext === 'params' ? req.params : err.validationContext === 'headers' ? req.headers : req.query;
      const valueAt = (path: string) =>
        path
          .split('/')
          .filter(Boolean)
          .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), part);
      const { msg, field } = validationMessage(err.validation, err.validationContext, req.routeOptions.config?.fieldMessages, valueAt);
      return reply.status(400).send({ code: 400, success: false, data: { field }, msg });
    }
    if (err instanceof ApiError) {
      return reply.status(err.statusCode).send({ code: err.statusCode, success: false, data: err.field ? { field: err.field } : null, msg: err.message });
    }
    if (isDatabaseDown(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ code: 503, success: false, data: null, msg: '数据库暂不可用, 请稍后重试' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // the logger's err serializer (log-redaction.ts) leaves out a failed query's parameters: no password or token hash in the log
    if (status === 500) req.log.error({ err }, 'unhandled error');
    // 4xx from Fastify itself (bad JSON, wrong content type, too large) say what is wrong; 5xx never leak details
    const msg = status === 500 ? MSG_FAILURE : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的内容类型' : status === 400 ? `请求格式不正确: ${err.message}` : err.message;
    return reply.status(status).send({ code: status, success: false, data: null, msg });
  });
  app.setNotFoundHandler((req, reply) => {
    // history-mode routes of the shell (/wel/index, /system/param …) and sub-apps are pages, not API calls
    const page = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? pageOf(req.url) : undefined;
    if (page) return reply.header('cache-control', 'no-cache').sendFile(page.file, page.dir);
    reply.status(404).send({ code: 404, success: false, data: null, msg: `接口不存在: ${req.method} ${req.url.split('?')[0]}` });
  });
}

/** Fastify's router errors (a URL that does not decode, a path parameter too long) as the envelope. */
export function routerError(err: FastifyError): { code: number; success: false; data: null; msg: string } {
  const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return { code, success: false, data: null, msg: err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '路径参数过长' : '请求地址格式不正确' };
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', '请求头过大'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时'],
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large,
 * a malformed request line) answered with the envelope too, then the socket closed
 * as Node itself would.
 */
export function clientErrorHandler(err: { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify({ code, success: false, data: null, msg });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${code} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
