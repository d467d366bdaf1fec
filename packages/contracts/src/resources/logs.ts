import { defineResource, zhEn } from '../resource';

const LOG = '/us-log';

/** One request as every log saw it (?requestId=): its API row, its errors, what the shell reported about it. */
export const LOG_TRACE_PATH = `${LOG}/trace`;
/** what X-Request-Id may be: the shell sends a uuid; anything else, the server replaces with one */
export const REQUEST_ID_PATTERN = '^[\\w-]{8,64}$';

/** Fields every log shares: where it was written and the request it belongs to. */
const common = {
  serviceId: { label: zhEn('服务', 'Service'), kind: 'string', maxLength: 64, search: 'eq', width: 110 },
  serverHost: { label: zhEn('服务器', 'Server'), kind: 'string', maxLength: 128, search: 'eq', width: 130 },
  requestUri: { label: zhEn('请求地址', 'URI'), kind: 'string', maxLength: 1000, search: 'like' },
  account: { label: zhEn('操作人', 'User'), kind: 'string', maxLength: 64, search: 'eq', width: 110 },
  requestId: { label: zhEn('请求编号', 'Request id'), kind: 'string', maxLength: 64, search: 'eq', column: false },
  createTime: { label: zhEn('时间', 'Time'), kind: 'date', search: 'range', width: 170 },
} as const;

/** The API log (接口日志): every request the server answered, its parameters with secrets written as ***. */
export const apiLogResource = defineResource({
  name: 'api',
  title: zhEn('接口日志', 'API log'),
  basePath: `${LOG}/api`,
  permissions: { add: 'api_add', edit: 'api_edit', delete: 'api_delete', view: 'api_view' },
  page: { path: '/monitor/api', icon: 'api' },
  readOnly: true,
  labelField: 'requestUri',
  fields: {
    method: { label: zhEn('方法', 'Method'), kind: 'string', maxLength: 8, search: 'eq', width: 80 },
    ...common,
    status: { label: zhEn('状态码', 'Status'), kind: 'number', search: 'eq', width: 80 },
    durationMs: { label: zhEn('耗时(毫秒)', 'Time (ms)'), kind: 'number', width: 100 },
    remoteIp: { label: zhEn('来源地址', 'Address'), kind: 'string', maxLength: 64, width: 130 },
    userAgent: { label: zhEn('浏览器', 'Browser'), kind: 'string', maxLength: 500, column: false },
    route: { label: zhEn('路由', 'Route'), kind: 'string', maxLength: 500, column: false },
    params: { label: zhEn('请求参数', 'Parameters'), kind: 'text', maxLength: 4000, column: false },
  },
});

/** The error log (错误日志): every 5xx with its stack; `fingerprint` groups the same fault. */
export const errorLogResource = defineResource({
  name: 'error',
  title: zhEn('错误日志', 'Error log'),
  basePath: `${LOG}/error`,
  permissions: { add: 'error_add', edit: 'error_edit', delete: 'error_delete', view: 'error_view' },
  page: { path: '/monitor/error', icon: 'bug' },
  readOnly: true,
  labelField: 'message',
  fields: {
    message: { label: zhEn('错误信息', 'Message'), kind: 'string', maxLength: 2000, search: 'like' },
    method: { label: zhEn('方法', 'Method'), kind: 'string', maxLength: 8, width: 80 },
    ...common,
    status: { label: zhEn('状态码', 'Status'), kind: 'number', width: 80 },
    fingerprint: { label: zhEn('错误指纹', 'Fingerprint'), kind: 'string', maxLength: 64, search: 'eq', column: false },
    stack: { label: zhEn('堆栈', 'Stack'), kind: 'text', maxLength: 100_000, column: false },
    params: { label: zhEn('请求参数', 'Parameters'), kind: 'text', maxLength: 4000, column: false },
  },
});

/** The usual log (通用日志): what the shell's local error log uploads (saveUsualLog). */
export const usualLogResource = defineResource({
  name: 'usual',
  title: zhEn('通用日志', 'Usual log'),
  basePath: `${LOG}/usual`,
  permissions: { add: 'usual_add', edit: 'usual_edit', delete: 'usual_delete', view: 'usual_view' },
  page: { path: '/monitor/usual', icon: 'file-text' },
  readOnly: true,
  labelField: 'message',
  fields: {
    logLevel: { label: zhEn('类型', 'Kind'), kind: 'string', maxLength: 16, search: 'eq', width: 90 },
    message: { label: zhEn('日志内容', 'Message'), kind: 'string', maxLength: 4000, search: 'like' },
    serviceId: common.serviceId,
    requestUri: { ...common.requestUri, label: zhEn('页面地址', 'Page') },
    createBy: { label: zhEn('操作人', 'User'), kind: 'string', maxLength: 64, search: 'eq', width: 110 },
    remoteIp: { label: zhEn('来源地址', 'Address'), kind: 'string', maxLength: 64, width: 130 },
    userAgent: { label: zhEn('浏览器', 'Browser'), kind: 'string', maxLength: 500, column: false },
    stack: { label: zhEn('堆栈', 'Stack'), kind: 'text', maxLength: 100_000, column: false },
    requestId: common.requestId,
    createTime: common.createTime,
  },
});

/** This module's resources (the catalogue collects them). */
export const resources = [usualLogResource, apiLogResource, errorLogResource];
