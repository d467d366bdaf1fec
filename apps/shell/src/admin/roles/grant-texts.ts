import type { i18n as I18n } from 'i18next';

/** The role page's own texts (the list's come from the role definition). */
const zh = {
  grant: '权限设置',
  history: '授权记录',
  menus: '菜单权限',
  dataScopes: '数据权限',
  apiScopes: '接口权限',
  search: '搜索菜单',
  expand: '展开全部',
  collapse: '折叠全部',
  preview: '预览',
  viewAs: '预览权限',
  previewTitle: '保存后该角色将看到',
  previewMenus: '菜单',
  previewButtons: '按钮',
  none: '无',
  saved: '操作成功!',
  who: '操作人',
  when: '时间',
  field: '内容',
  added: '新增',
  removed: '移除',
  fields: { menu: '菜单与按钮', dataScope: '数据权限', apiScope: '接口权限', role: '角色' },
  scopeTypes: { 1: '全部', 2: '本人', 3: '本部门', 4: '本部门及下级', 5: '自定义' },
};
const en: typeof zh = {
  grant: 'Grants',
  history: 'Grant history',
  menus: 'Menus',
  dataScopes: 'Data scopes',
  apiScopes: 'API scopes',
  search: 'Search menus',
  expand: 'Expand all',
  collapse: 'Collapse all',
  preview: 'Preview',
  viewAs: 'View as',
  previewTitle: 'After saving, this role sees',
  previewMenus: 'Menus',
  previewButtons: 'Buttons',
  none: 'None',
  saved: 'Done!',
  who: 'By',
  when: 'When',
  field: 'What',
  added: 'Added',
  removed: 'Removed',
  fields: { menu: 'Menus and buttons', dataScope: 'Data scopes', apiScope: 'API scopes', role: 'Roles' },
  scopeTypes: { 1: 'All', 2: 'Self', 3: 'Own dept', 4: 'Dept and below', 5: 'Custom' },
};

export function registerGrantTexts(i18n: I18n): void {
  if (i18n.hasResourceBundle('zh', 'translation') && i18n.exists('roleGrant.grant')) return;
  i18n.addResourceBundle('zh', 'translation', { roleGrant: zh }, true, true);
  i18n.addResourceBundle('en', 'translation', { roleGrant: en }, true, true);
}
