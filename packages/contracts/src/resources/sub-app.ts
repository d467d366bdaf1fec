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
    exec: { label: { zh: '预执行', en: 'Pre-execute' }, kind: 'switch', default: 1, column: false },
    fiber: { label: { zh: 'fiber 模式', en: 'Fiber' }, kind: 'switch', default: 1, column: false },
    alive: { label: { zh: '保活', en: 'Keep alive' }, kind: 'switch', default: 1 },
    isDashboardApp: { label: { zh: '大屏应用', en: 'Dashboard' }, kind: 'switch', default: 0, column: false },
    default: { label: { zh: '默认应用', en: 'Default' }, kind: 'switch', default: 0 },
    sort: { label: { zh: '排序', en: 'Order' }, kind: 'number', default: 0, column: false },
  },
  unique: [{ field: 'serviceName', message: { zh: '服务名已存在', en: 'The service name already exists' } }],
});

/** A registry entry as the shell receives it (GET /us-system/sub-app/registry): the record without its audit columns. */
export type SubAppDescriptor = Omit<ResourceRecord<typeof subAppResource.fields>, 'tenantId' | 'createUser' | 'createTime' | 'updateUser' | 'updateTime' | 'status'>;

/** The descriptor's fields, in the order the server answers them. */
export const SUB_APP_DESCRIPTOR_FIELDS = ['id', ...Object.keys(subAppResource.fields)] as (keyof SubAppDescriptor)[];

/** This module's resources (the catalogue collects them). */
export const resources = [subAppResource];
