import { defineResource, type ResourceRecord } from '../resource';

/**
 * The sub-application registry (docs/subapp-protocol.md §1): served by the server
 * so an administrator can add or change a sub-app without rebuilding the shell.
 * Field names are those of the protocol's descriptor; `prefix` is where the shell mounts it.
 */
export const subAppResource = defineResource({
  name: 'subapp',
  title: { zh: '子应用管理', en: 'Sub-applications' },
  basePath: '/us-system/sub-app',
  permissions: { add: 'subapp_add', edit: 'subapp_edit', delete: 'subapp_delete', view: 'subapp_view' },
  page: { path: '/system/subapp', icon: 'cluster' },
  labelField: 'name',
  fields: {
    name: { label: { zh: '名称', en: 'Name' }, kind: 'string', required: { zh: '请输入名称', en: 'Please enter the name' }, maxLength: 64, search: 'like' },
    serviceName: {
      label: { zh: '服务名', en: 'Service' },
      kind: 'string',
      required: { zh: '请输入服务名', en: 'Please enter the service name' },
      maxLength: 64,
      search: 'eq',
    },
    prefix: { label: { zh: '挂载前缀', en: 'Mount prefix' }, kind: 'string', required: { zh: '请输入挂载前缀', en: 'Please enter the mount prefix' }, maxLength: 64 },
    host: { label: { zh: '应用地址', en: 'Host' }, kind: 'string', maxLength: 500 },
    defaultApiHost: { label: { zh: '接口地址', en: 'API host' }, kind: 'string', maxLength: 500, column: false },
    defaultPath: { label: { zh: '默认路径', en: 'Default path' }, kind: 'string', maxLength: 255 },
    routerMode: {
      label: { zh: '路由模式', en: 'Router mode' },
      kind: 'select',
      default: '',
      column: false,
      options: [
        { value: '', label: { zh: '自动识别', en: 'Detect' } },
        { value: 'history', label: { zh: 'history', en: 'history' } },
        { value: 'hash', label: { zh: 'hash', en: 'hash' } },
      ],
    },
    exec: { label: { zh: '预执行', en: 'Pre-execute' }, kind: 'switch', default: 1, column: false },
    fiber: { label: { zh: 'fiber 模式', en: 'Fiber' }, kind: 'switch', default: 1, column: false },
    alive: { label: { zh: '保活', en: 'Keep alive' }, kind: 'switch', default: 1 },
    isDashboardApp: { label: { zh: '大屏应用', en: 'Dashboard' }, kind: 'switch', default: 0, column: false },
    default: { label: { zh: '默认应用', en: 'Default' }, kind: 'switch', default: 0 },
    sort: { label: { zh: '排序', en: 'Order' }, kind: 'number', default: 0, column: false },
  },
  unique: [{ field: 'serviceName', message: { zh: '服务名已存在', en: 'The service name already exists' } }],
  actions: [
    { name: 'testLoad', label: { zh: '测试加载', en: 'Test load' }, permission: 'subapp_test', path: 'test-load', on: 'row', idsParam: 'id', report: true },
    {
      name: 'createMenus',
      label: { zh: '生成菜单', en: 'Create menus' },
      permission: 'subapp_menu',
      path: 'create-menus',
      on: 'row',
      idsParam: 'id',
      platform: true,
      confirm: {
        zh: '为该子应用生成顶部菜单和菜单（已有的不重复生成），并授予当前租户的管理员角色？',
        en: 'Create the top menu and menu entries of this sub-application (existing ones are kept) and grant them to the tenant’s administrator roles?',
      },
      done: { zh: '菜单已生成，重新加载菜单后可见', en: 'Menus created: they show when the menus are loaded again' },
    },
  ],
});

/**
 * The document the author deployed: the descriptor's `host`, a relative one taken on
 * `origin` (the shell's), a folder ending in '/' ('http://apps:7100/react17' →
 * 'http://apps:7100/react17/'). The shell always loads the app's HTML from here, never
 * from a deep route below it, so that its relative asset paths resolve where they were
 * built; the server's 'test load' checks the same address.
 */
export function subAppEntry(host: string, origin: string): string {
  const url = new URL(host.trim(), origin);
  const last = url.pathname.split('/').pop() ?? '';
  if (!last.includes('.') && !url.pathname.endsWith('/')) url.pathname += '/';
  url.hash = '';
  return url.href;
}

/** How a sub-app's router reads its route: the path (history) or the hash; '' = detected when it first mounts. */
export type RouterMode = '' | 'history' | 'hash';

/**
 * Why an address a sub-app is loaded from (`host`) or calls (`defaultApiHost`) cannot be
 * used, or null. Only an http(s) URL or a path of the shell's own site ('/subapps/x/') is
 * taken, '' meaning none: a `javascript:` or `data:` address would run in the shell's
 * origin, and one the URL parser refuses breaks every page that resolves the registry.
 * The server refuses such a value on submit; the shell skips a stored one.
 */
export function appAddressError(value: string, label: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const refused = `${label}只能是 http(s) 地址或以 / 开头的本站路径`;
  // whitespace, control characters and backslashes are read differently by browsers ('/\evil.example' is another host)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\\s]/.test(v)) return refused;
  if (v.startsWith('/')) return v.startsWith('//') ? refused : null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return refused;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return refused;
  return null;
}

/** The descriptor fields that hold addresses, with the labels their messages use. */
export const SUB_APP_ADDRESS_FIELDS = { host: subAppResource.fields.host.label.zh, defaultApiHost: subAppResource.fields.defaultApiHost.label.zh } as const;

/** The first address field of a descriptor that cannot be used, with the message; null when all can. */
export function subAppAddressError(d: { host?: string | null; defaultApiHost?: string | null }): { field: keyof typeof SUB_APP_ADDRESS_FIELDS; msg: string } | null {
  for (const [field, label] of Object.entries(SUB_APP_ADDRESS_FIELDS) as [keyof typeof SUB_APP_ADDRESS_FIELDS, string][]) {
    const msg = appAddressError(String(d[field] ?? ''), label);
    if (msg) return { field, msg };
  }
  return null;
}

/** A registry entry as the shell receives it (GET /us-system/sub-app/registry): the record without its audit columns. */
export type SubAppDescriptor = Omit<ResourceRecord<typeof subAppResource.fields>, 'tenantId' | 'createUser' | 'createTime' | 'updateUser' | 'updateTime' | 'status'>;

/** The descriptor's fields, in the order the server answers them. */
export const SUB_APP_DESCRIPTOR_FIELDS = ['id', ...Object.keys(subAppResource.fields)] as (keyof SubAppDescriptor)[];

/** This module's resources (the catalogue collects them). */
export const resources = [subAppResource];
