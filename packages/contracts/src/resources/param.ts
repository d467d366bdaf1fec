import { defineResource, REMARK_FIELD } from '../resource';

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
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'paramKey', message: { zh: '参数键名已存在', en: 'The parameter key already exists' } }],
});

/** The parameter the shell reads its version notice from (shell spec §3: JSON with title and upgradeInfoPic). */
export const UPGRADE_INFO_KEY = 'upgrade_info';

/** Parameters every signed-in user may read by key: the shell reads them whatever the user's menus. */
export const SHELL_PARAMS: readonly string[] = [UPGRADE_INFO_KEY, 'user_limited_menus'];

export interface UpgradeInfo {
  title: string;
  upgradeInfoPic: string;
}

/** The upgrade info in a parameter's value; null when the value is not that JSON (an administrator's typo hides the notice, it breaks nothing). */
export function parseUpgradeInfo(paramValue: string | undefined): UpgradeInfo | null {
  try {
    const v = JSON.parse(paramValue ?? '') as Partial<UpgradeInfo> | null;
    if (!v || typeof v !== 'object') return null;
    return { title: typeof v.title === 'string' ? v.title : '', upgradeInfoPic: typeof v.upgradeInfoPic === 'string' ? v.upgradeInfoPic : '' };
  } catch {
    return null;
  }
}

/**
 * Whether a parameter holds a secret (an initial password, a key): by its key or its name. Only a
 * holder of 修改 (param_edit) reads its value; the server answers anyone else a mask.
 */
export function isSecretParam(p: { paramKey?: unknown; paramName?: unknown }): boolean {
  return /password|passwd|secret|token|credential|private.?key|access.?key/i.test(String(p.paramKey ?? '')) || /密码|密钥|口令|令牌/.test(String(p.paramName ?? ''));
}

/** This module's resources (the catalogue collects them). */
export const resources = [paramResource];
