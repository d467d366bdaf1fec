import { defineResource, type FieldDef, zhEn, REMARK_FIELD } from '../resource';

/**
 * Who may use what: tenants and their packages, OAuth clients, datasources, menus,
 * top menus, and the data and API scopes attached to menus. Roles are in org.ts
 * (users point at them); their grants are calls of their own (role/grant).
 * Menus, packages, clients, datasources and scopes are the platform's, shared by
 * every tenant: only the default tenant writes them.
 */
const SYS = '/us-system';
const crud = (code: string) => ({ add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, view: `${code}_view` });
const sort: FieldDef = { label: zhEn('排序', 'Order'), kind: 'number', required: zhEn('请输入排序', 'Please enter the order'), default: 1, width: 80 };
const menuRef = { resource: 'menu', basePath: `${SYS}/menu`, tree: true } as const;

export const ACCESS_MESSAGES = {
  accountLimit: zhEn('当前租户已到最大账号额度', 'The tenant has reached its number of accounts'),
  defaultTenant: zhEn('默认租户不能删除', 'The default tenant cannot be removed'),
  platformOnly: zhEn('仅默认租户可修改', 'Only the default tenant may change this'),
  beyondGrant: zhEn('包含无权授予的菜单', 'Some menus are beyond what you may grant'),
  connected: zhEn('连接成功', 'Connected'),
} as const;

export const tenantPackageResource = defineResource({
  name: 'tenantpackage',
  title: zhEn('租户产品包', 'Tenant packages'),
  basePath: `${SYS}/tenant-package`,
  permissions: crud('tenantpackage'),
  page: { path: '/system/tenantpackage', icon: 'gift' },
  tenancy: 'global',
  labelField: 'packageName',
  fields: {
    packageName: { label: zhEn('产品包名称', 'Name'), kind: 'string', required: zhEn('请输入产品包名称', 'Please enter the package name'), maxLength: 50, search: 'like' },
    menuId: { label: zhEn('菜单列表', 'Menus'), kind: 'multiRef', ref: menuRef, required: zhEn('请选择菜单', 'Please choose the menus'), column: false },
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'packageName', message: zhEn('产品包名称已存在', 'The package name already exists') }],
});

export const datasourceResource = defineResource({
  name: 'datasource',
  title: zhEn('数据源管理', 'Datasources'),
  basePath: '/us-develop/datasource',
  permissions: crud('datasource'),
  page: { path: '/tool/datasource', icon: 'database' },
  tenancy: 'global',
  labelField: 'name',
  fields: {
    name: { label: zhEn('名称', 'Name'), kind: 'string', required: zhEn('请输入名称', 'Please enter the name'), maxLength: 100, search: 'like' },
    driverClass: { label: zhEn('驱动类', 'Driver'), kind: 'string', maxLength: 100, default: 'org.postgresql.Driver', column: false },
    url: { label: zhEn('连接地址', 'URL'), kind: 'string', required: zhEn('请输入连接地址', 'Please enter the URL'), maxLength: 500 },
    username: { label: zhEn('用户名', 'User'), kind: 'string', required: zhEn('请输入用户名', 'Please enter the user'), maxLength: 100 },
    password: { label: zhEn('密码', 'Password'), kind: 'password', maxLength: 200, sealed: true },
    remark: REMARK_FIELD,
  },
  actions: [
    { name: 'test', label: zhEn('测试连接', 'Test connection'), permission: 'datasource_test', path: 'test-connection', on: 'row', idsParam: 'id', done: ACCESS_MESSAGES.connected },
  ],
});

export const tenantResource = defineResource({
  name: 'tenant',
  title: zhEn('租户管理', 'Tenants'),
  basePath: `${SYS}/tenant`,
  permissions: crud('tenant'),
  page: { path: '/system/tenant', icon: 'team' },
  tenancy: 'global',
  labelField: 'tenantName',
  selectFields: ['tenantId'],
  formWidth: 880,
  fields: {
    tenantId: { label: zhEn('租户ID', 'Tenant ID'), kind: 'string', maxLength: 12, search: 'like', addOnly: true, width: 110 },
    tenantName: { label: zhEn('租户名称', 'Name'), kind: 'string', required: zhEn('请输入租户名称', 'Please enter the tenant name'), maxLength: 100, search: 'like' },
    linkman: { label: zhEn('联系人', 'Contact'), kind: 'string', required: zhEn('请输入联系人', 'Please enter the contact'), maxLength: 50, search: 'like' },
    contactNumber: { label: zhEn('联系电话', 'Phone'), kind: 'string', maxLength: 30 },
    domain: { label: zhEn('绑定域名', 'Domain'), kind: 'string', maxLength: 255, column: false },
    address: { label: zhEn('联系地址', 'Address'), kind: 'text', maxLength: 255, column: false },
    backgroundUrl: { label: zhEn('系统背景', 'Background'), kind: 'image', column: false },
    accountNumber: { label: zhEn('账号额度', 'Accounts'), kind: 'number', min: -1, default: -1, width: 100 },
    expireTime: { label: zhEn('过期时间', 'Expires'), kind: 'date' },
    packageId: { label: zhEn('产品包', 'Package'), kind: 'ref', ref: { resource: 'tenantpackage', basePath: `${SYS}/tenant-package` } },
    datasourceId: { label: zhEn('数据源', 'Datasource'), kind: 'ref', ref: { resource: 'datasource', basePath: '/us-develop/datasource' }, column: false },
  },
  unique: [{ field: 'tenantId', message: zhEn('租户ID已存在', 'The tenant ID already exists') }],
  actions: [
    {
      name: 'setting',
      label: zhEn('授权配置', 'Licence'),
      permission: 'tenant_setting',
      path: 'setting',
      on: 'selection',
      fields: {
        accountNumber: { label: zhEn('账号额度', 'Accounts'), kind: 'number', min: -1, default: -1 },
        expireTime: { label: zhEn('过期时间', 'Expires'), kind: 'date' },
      },
    },
    {
      name: 'package',
      label: zhEn('产品包配置', 'Package'),
      permission: 'tenant_package',
      path: 'package-setting',
      on: 'row',
      idsParam: 'tenantId',
      fields: { packageId: { label: zhEn('产品包', 'Package'), kind: 'ref', ref: { resource: 'tenantpackage', basePath: `${SYS}/tenant-package` } } },
    },
    {
      name: 'datasource',
      label: zhEn('数据源配置', 'Datasource'),
      permission: 'tenant_datasource',
      path: 'datasource',
      on: 'row',
      idsParam: 'tenantId',
      fields: { datasourceId: { label: zhEn('数据源', 'Datasource'), kind: 'ref', ref: { resource: 'datasource', basePath: '/us-develop/datasource' } } },
    },
  ],
});

export const clientResource = defineResource({
  name: 'client',
  title: zhEn('应用管理', 'OAuth clients'),
  basePath: `${SYS}/client`,
  permissions: crud('client'),
  page: { path: '/system/client', icon: 'api' },
  tenancy: 'global',
  labelField: 'clientId',
  formWidth: 880,
  fields: {
    clientId: { label: zhEn('应用ID', 'Client ID'), kind: 'string', required: zhEn('请输入应用ID', 'Please enter the client ID'), maxLength: 64, search: 'like', addOnly: true },
    // typed by an administrator when adding (as the family's clients do), or left empty for the server to
    // make one; only its hash is kept; later only 重置密钥 (client_secret) changes it
    clientSecret: { label: zhEn('应用密钥', 'Client secret'), kind: 'password', format: 'secret', maxLength: 255, column: false, addOnly: true },
    authorizedGrantTypes: {
      label: zhEn('授权类型', 'Grant types'),
      kind: 'string',
      required: zhEn('请输入授权类型', 'Please enter the grant types'),
      maxLength: 255,
      default: 'password,refresh_token',
    },
    scope: { label: zhEn('授权范围', 'Scope'), kind: 'string', required: zhEn('请输入授权范围', 'Please enter the scope'), maxLength: 255, default: 'all' },
    accessTokenValidity: { label: zhEn('令牌秒数', 'Token seconds'), kind: 'number', required: zhEn('请输入令牌过期秒数', 'Please enter the token validity'), min: 60, default: 28800 },
    refreshTokenValidity: {
      label: zhEn('刷新令牌秒数', 'Refresh seconds'),
      kind: 'number',
      required: zhEn('请输入刷新令牌过期秒数', 'Please enter the refresh token validity'),
      min: 60,
      default: 604800,
    },
    webServerRedirectUri: { label: zhEn('回调地址', 'Redirect URI'), kind: 'string', maxLength: 500, column: false },
    resourceIds: { label: zhEn('资源集合', 'Resources'), kind: 'string', maxLength: 255, column: false },
    authorities: { label: zhEn('权限', 'Authorities'), kind: 'string', maxLength: 255, column: false },
    autoapprove: { label: zhEn('自动授权', 'Auto approve'), kind: 'string', maxLength: 255, column: false },
    additionalInformation: { label: zhEn('附加说明', 'Notes'), kind: 'text', maxLength: 4096, column: false },
  },
  unique: [{ field: 'clientId', message: zhEn('应用ID已存在', 'The client ID already exists') }],
  revealOnce: {
    field: 'clientSecret',
    label: zhEn('应用密钥', 'Client secret'),
    message: zhEn('请复制并妥善保存密钥, 关闭后将无法再次查看', 'Copy the secret now: it will not be shown again'),
  },
  actions: [
    {
      name: 'reset-secret',
      label: zhEn('重置密钥', 'Reset secret'),
      permission: 'client_secret',
      path: 'reset-secret',
      on: 'row',
      idsParam: 'id',
      confirm: zhEn('重置后旧密钥立即失效, 确定重置?', 'The old secret stops working at once. Reset it?'),
      reveal: true,
    },
  ],
});

export const menuResource = defineResource({
  name: 'menu',
  title: zhEn('菜单管理', 'Menus'),
  basePath: `${SYS}/menu`,
  permissions: crud('menu'),
  page: { path: '/system/menu', icon: 'menu' },
  tenancy: 'global',
  labelField: 'name',
  tree: { parentField: 'parentId', root: '0' },
  forestList: true,
  formWidth: 880,
  fields: {
    name: { label: zhEn('菜单名称', 'Name'), kind: 'string', required: zhEn('请输入菜单名称', 'Please enter the menu name'), maxLength: 128, search: 'like' },
    path: { label: zhEn('路由地址', 'Path'), kind: 'string', maxLength: 500 },
    parentId: { label: zhEn('上级菜单', 'Parent'), kind: 'treeRef', ref: { resource: 'menu', basePath: `${SYS}/menu` }, column: false },
    source: { label: zhEn('菜单图标', 'Icon'), kind: 'icon', maxLength: 64, width: 90 },
    code: { label: zhEn('菜单编号', 'Code'), kind: 'string', required: zhEn('请输入菜单编号', 'Please enter the menu code'), maxLength: 128, search: 'like' },
    category: {
      label: zhEn('菜单类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择菜单类型', 'Please choose the type'),
      default: 1,
      search: 'eq',
      width: 90,
      options: [
        { value: 1, label: zhEn('菜单', 'Menu') },
        { value: 2, label: zhEn('按钮', 'Button') },
      ],
    },
    alias: { label: zhEn('菜单别名', 'Alias'), kind: 'string', maxLength: 128, column: false },
    action: {
      label: zhEn('按钮功能', 'Button place'),
      kind: 'select',
      default: 0,
      column: false,
      options: [
        { value: 0, label: zhEn('无', 'None') },
        { value: 1, label: zhEn('工具栏', 'Toolbar') },
        { value: 2, label: zhEn('操作栏', 'Row') },
        { value: 3, label: zhEn('工具操作栏', 'Both') },
      ],
    },
    isOpen: {
      label: zhEn('新窗口', 'New window'),
      kind: 'select',
      default: 1,
      column: false,
      options: [
        { value: 1, label: zhEn('否', 'No') },
        { value: 2, label: zhEn('是', 'Yes') },
      ],
    },
    sort,
    serviceName: { label: zhEn('服务名', 'Service'), kind: 'string', maxLength: 64, column: false },
    isTab: { label: zhEn('标签页', 'Tab'), kind: 'switch', default: 1, column: false },
    keepAlive: { label: zhEn('缓存', 'Keep alive'), kind: 'switch', default: 0, column: false },
    enableGray: { label: zhEn('灰度发布', 'Gray release'), kind: 'switch', default: 0, column: false },
    grayPath: { label: zhEn('灰度地址', 'Gray path'), kind: 'string', maxLength: 500, column: false },
    query: { label: zhEn('路由参数', 'Query'), kind: 'string', maxLength: 500, column: false },
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'code', message: zhEn('菜单编号已存在', 'The menu code already exists') }],
});

export const topMenuResource = defineResource({
  name: 'topmenu',
  title: zhEn('顶部菜单', 'Top menus'),
  basePath: `${SYS}/topmenu`,
  permissions: crud('topmenu'),
  page: { path: '/system/topmenu', icon: 'appstore' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('菜单名称', 'Name'), kind: 'string', required: zhEn('请输入菜单名称', 'Please enter the name'), maxLength: 64, search: 'like' },
    code: { label: zhEn('菜单编号', 'Code'), kind: 'string', required: zhEn('请输入菜单编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    source: { label: zhEn('菜单图标', 'Icon'), kind: 'icon', maxLength: 64, width: 90 },
    path: { label: zhEn('路由地址', 'Path'), kind: 'string', maxLength: 500 },
    serviceName: { label: zhEn('子应用', 'Sub-app'), kind: 'string', maxLength: 64, column: false },
    sort,
  },
  unique: [{ field: 'code', message: zhEn('菜单编号已存在', 'The code already exists') }],
});

const scopeFields = {
  menuId: {
    label: zhEn('所属菜单', 'Menu'),
    kind: 'treeRef',
    ref: { resource: 'menu', basePath: `${SYS}/menu` },
    required: zhEn('请选择菜单', 'Please choose the menu'),
    search: 'eq',
    column: false,
  },
  resourceCode: { label: zhEn('资源编号', 'Resource'), kind: 'string', required: zhEn('请输入资源编号', 'Please enter the resource code'), maxLength: 64, search: 'like' },
  scopeName: { label: zhEn('权限名称', 'Name'), kind: 'string', required: zhEn('请输入权限名称', 'Please enter the name'), maxLength: 64, search: 'like' },
} satisfies Record<string, FieldDef>;

/**
 * What a data scope can narrow (its 资源编号): the tables of a tenant's own records, by the name of
 * their page. The select's choices are the only values the server takes, and the server checks at
 * start that each names a registered table (modules/authority/scopes.ts).
 */
export const DATA_SCOPE_TABLES = [
  ['user', '用户管理', 'Users'],
  ['dept', '部门管理', 'Departments'],
  ['post', '岗位管理', 'Posts'],
  ['role', '角色管理', 'Roles'],
  ['company', '公司管理', 'Companies'],
  ['project', '项目管理', 'Projects'],
  ['supplier', '供应商管理', 'Suppliers'],
  ['vehicle', '车辆管理', 'Vehicles'],
  ['mdm_user', '人员管理', 'Staff'],
  ['grid', '网格管理', 'Grids'],
  ['facility', '设施管理', 'Facilities'],
  ['job_location', '作业点位', 'Job locations'],
  ['iot_device', '物联设备', 'IoT devices'],
  ['incident', '事件督办', 'Incidents'],
  ['desk_notice', '通知公告', 'Notices'],
  ['attach', '附件管理', 'Attachments'],
  ['report', '报表管理', 'Reports'],
] as const;

export const dataScopeResource = defineResource({
  name: 'datascope',
  title: zhEn('数据权限', 'Data scopes'),
  basePath: `${SYS}/data-scope`,
  permissions: crud('datascope'),
  page: { path: '/authority/datascope', icon: 'database' },
  tenancy: 'global',
  labelField: 'scopeName',
  fields: {
    ...scopeFields,
    // the table the rule narrows: one of those a scope can apply to, not free text
    resourceCode: {
      ...scopeFields.resourceCode,
      kind: 'select',
      required: zhEn('请选择资源编号', 'Please choose the resource'),
      options: DATA_SCOPE_TABLES.map(([value, zh, en]) => ({ value, label: zhEn(`${zh} (${value})`, `${en} (${value})`) })),
    },
    scopeType: { label: zhEn('规则类型', 'Rule'), kind: 'dict', dict: { code: 'data_scope_type' }, required: zhEn('请选择规则类型', 'Please choose the rule'), search: 'eq' },
    scopeColumn: { label: zhEn('权限字段', 'Column'), kind: 'string', required: zhEn('请输入权限字段', 'Please enter the column'), maxLength: 64, default: 'create_dept' },
    scopeField: { label: zhEn('可见字段', 'Visible fields'), kind: 'string', maxLength: 64, default: '*', column: false },
    scopeClass: { label: zhEn('权限类名', 'Class'), kind: 'string', maxLength: 128, column: false },
    scopeValue: { label: zhEn('规则值', 'Value'), kind: 'text', maxLength: 2000, column: false },
    remark: REMARK_FIELD,
  },
});

export const apiScopeResource = defineResource({
  name: 'apiscope',
  title: zhEn('接口权限', 'API scopes'),
  basePath: `${SYS}/api-scope`,
  permissions: crud('apiscope'),
  page: { path: '/authority/apiscope', icon: 'api' },
  tenancy: 'global',
  labelField: 'scopeName',
  fields: {
    ...scopeFields,
    scopePath: { label: zhEn('接口地址', 'Path'), kind: 'string', required: zhEn('请输入接口地址', 'Please enter the path'), maxLength: 255, search: 'like' },
    scopeType: { label: zhEn('接口类型', 'Type'), kind: 'dict', dict: { code: 'api_scope_type' }, required: zhEn('请选择接口类型', 'Please choose the type'), search: 'eq' },
    remark: REMARK_FIELD,
  },
});

/** This module's resources, in menu order (the catalogue collects them). */
export const resources = [menuResource, topMenuResource, tenantResource, tenantPackageResource, clientResource, dataScopeResource, apiScopeResource, datasourceResource];
