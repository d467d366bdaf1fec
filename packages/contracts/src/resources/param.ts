import { defineResource } from '../resource';

/** System parameters (参数管理): key/value settings of a tenant; the shell reads some of them. */
export const paramResource = defineResource({
  name: 'param',
  title: { zh: '参数管理', en: 'Parameters' },
  basePath: '/us-system/param',
  permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
  importable: { permission: 'param_import' },
  page: { path: '/system/param', icon: 'control' },
  fields: {
    paramName: {
      label: { zh: '参数名称', en: 'Name' },
      kind: 'string',
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      maxLength: 255,
      search: 'like',
    },
    paramKey: {
      label: { zh: '参数键名', en: 'Key' },
      kind: 'string',
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      maxLength: 255,
      search: 'like',
    },
    paramValue: {
      label: { zh: '参数键值', en: 'Value' },
      kind: 'text',
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      maxLength: 10000,
    },
    remark: {
      label: { zh: '备注', en: 'Remark' },
      kind: 'text',
      maxLength: 255,
      column: false,
    },
  },
  unique: [{ field: 'paramKey', message: { zh: '参数键名已存在', en: 'The parameter key already exists' } }],
});

/** This module's resources (the catalogue collects them). */
export const resources = [paramResource];
