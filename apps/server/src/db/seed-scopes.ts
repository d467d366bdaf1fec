/**
 * Data and API scopes every installation starts with, attached to menus by code. Data scopes
 * name the table they narrow (resourceCode) and the column compared (scopeColumn): a user's
 * departments are `dept_id` (comma-joined), a record's creator's department `create_dept`.
 */
export const dataScopeSeeds: { menu: string; resourceCode: string; scopeName: string; scopeColumn: string; scopeType: number }[] = [
  { menu: 'user', resourceCode: 'user', scopeName: '全部用户', scopeColumn: 'dept_id', scopeType: 1 },
  { menu: 'user', resourceCode: 'user', scopeName: '本人', scopeColumn: 'id', scopeType: 2 },
  { menu: 'user', resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 3 },
  { menu: 'user', resourceCode: 'user', scopeName: '本部门及下级', scopeColumn: 'dept_id', scopeType: 4 },
  { menu: 'project', resourceCode: 'project', scopeName: '本部门创建的项目', scopeColumn: 'create_dept', scopeType: 3 },
  { menu: 'project', resourceCode: 'project', scopeName: '本部门及下级创建的项目', scopeColumn: 'create_dept', scopeType: 4 },
];

/** API scopes: a path one covers is callable only by roles granted it (the administrators are). */
export const apiScopeSeeds: { menu: string; resourceCode: string; scopeName: string; scopePath: string; scopeType: number }[] = [
  { menu: 'user', resourceCode: 'user', scopeName: '用户导出', scopePath: '/us-user/export', scopeType: 2 },
  { menu: 'region', resourceCode: 'region', scopeName: '区划导入', scopePath: '/us-system/region/import-job', scopeType: 1 },
];
