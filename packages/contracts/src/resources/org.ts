import { defineResource, viewOf, type FieldDef, zhEn, REMARK_FIELD } from '../resource';

/**
 * The organisation of a tenant: departments (a tree), posts, roles, users; and the
 * shared reference data: regions and the system and business dictionaries.
 * Field names are those the platform family's API uses (deptName, roleName, …).
 */
const SYS = '/us-system';
const crud = (code: string) => ({ add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, view: `${code}_view` });
const sort: FieldDef = { label: zhEn('排序', 'Order'), kind: 'number', required: zhEn('请输入排序', 'Please enter the order'), default: 1, width: 80 };

/** `status` of a disabled user: refused at login, their tokens at once on every instance. */
export const USER_DISABLED = 2;

export const USER_MESSAGES = {
  removeSelf: zhEn('不能删除当前登录用户', 'You cannot remove yourself'),
  resetDone: zhEn('重置密码成功', 'The password has been reset'),
  unlockDone: zhEn('解锁成功', 'Unlocked'),
  disableSelf: zhEn('不能停用当前登录用户', 'You cannot disable yourself'),
  disableDone: zhEn('停用成功', 'Disabled'),
  enableDone: zhEn('启用成功', 'Enabled'),
  accountTaken: zhEn('当前用户已存在', 'The account already exists'),
  passwordMismatch: zhEn('两次密码输入不一致', 'The passwords differ'),
} as const;

export const userResource = defineResource({
  name: 'user',
  title: zhEn('用户管理', 'Users'),
  entity: zhEn('用户', 'User'),
  basePath: '/us-user',
  permissions: crud('user'),
  importable: { permission: 'user_import' },
  page: { path: '/system/user', icon: 'user' },
  paths: { list: 'page', add: 'submit', update: 'update' },
  labelField: 'realName',
  formWidth: 880,
  fields: {
    account: { label: zhEn('登录账号', 'Account'), kind: 'string', required: zhEn('请输入登录账号', 'Please enter the account'), maxLength: 64, search: 'like', addOnly: true },
    password: { label: zhEn('密码', 'Password'), kind: 'password', required: zhEn('请输入密码', 'Please enter the password'), maxLength: 64, addOnly: true },
    name: { label: zhEn('用户昵称', 'Nickname'), kind: 'string', required: zhEn('请输入用户昵称', 'Please enter the nickname'), maxLength: 64 },
    realName: { label: zhEn('用户姓名', 'Name'), kind: 'string', required: zhEn('请输入用户姓名', 'Please enter the name'), maxLength: 64, search: 'like' },
    userType: { label: zhEn('用户平台', 'Platform'), kind: 'dict', dict: { code: 'user_type' }, default: 1, search: 'eq' },
    roleId: {
      label: zhEn('所属角色', 'Roles'),
      kind: 'multiRef',
      ref: { resource: 'role', basePath: `${SYS}/role`, tree: true },
      required: zhEn('请选择所属角色', 'Please choose the roles'),
    },
    deptId: {
      label: zhEn('所属部门', 'Departments'),
      kind: 'multiRef',
      ref: { resource: 'dept', basePath: `${SYS}/dept`, tree: true },
      required: zhEn('请选择所属部门', 'Please choose the departments'),
    },
    postId: { label: zhEn('所属岗位', 'Posts'), kind: 'multiRef', ref: { resource: 'post', basePath: `${SYS}/post` }, column: false },
    phone: { label: zhEn('手机号码', 'Phone'), kind: 'string', maxLength: 32, search: 'like', format: 'phone' },
    email: { label: zhEn('电子邮箱', 'Email'), kind: 'string', maxLength: 128, column: false, format: 'email' },
    sex: { label: zhEn('用户性别', 'Sex'), kind: 'dict', dict: { code: 'sex' }, default: 3, column: false },
    birthday: { label: zhEn('用户生日', 'Birthday'), kind: 'date', dateOnly: true, column: false },
    code: { label: zhEn('用户编号', 'Number'), kind: 'string', maxLength: 64, column: false },
    locked: { label: zhEn('已锁定', 'Locked'), kind: 'switch', virtual: true, readonly: true, form: false, width: 80 },
    // a registered guest waits (0) until an administrator approves them; a disabled user (2) cannot sign in
    status: {
      label: zhEn('状态', 'Status'),
      kind: 'select',
      readonly: true,
      form: false,
      search: 'eq',
      width: 90,
      options: [
        { value: 1, label: zhEn('正常', 'Active') },
        { value: 0, label: zhEn('待审核', 'Awaiting approval') },
        { value: USER_DISABLED, label: zhEn('已停用', 'Disabled') },
      ],
    },
  },
  unique: [{ field: 'account', message: USER_MESSAGES.accountTaken }],
  actions: [
    {
      name: 'audit-pass',
      label: zhEn('审核通过', 'Approve'),
      permission: 'user_audit',
      path: 'audit-pass',
      on: 'selection',
      idsParam: 'userIds',
      confirm: zhEn('确定审核通过选择的注册账号?', 'Approve the chosen registrations?'),
    },
    {
      name: 'reset-password',
      label: zhEn('密码重置', 'Reset password'),
      permission: 'user_reset',
      path: 'reset-password',
      on: 'selection',
      idsParam: 'userIds',
      confirm: zhEn('确定将选择账号密码重置为初始密码?', 'Reset the chosen accounts to the initial password?'),
      done: USER_MESSAGES.resetDone,
    },
    {
      name: 'grant',
      label: zhEn('角色配置', 'Roles'),
      permission: 'user_role',
      path: '/us-user/grant',
      on: 'selection',
      idsParam: 'userIds',
      fields: {
        roleIds: {
          label: zhEn('所属角色', 'Roles'),
          kind: 'multiRef',
          ref: { resource: 'role', basePath: `${SYS}/role`, tree: true },
          required: zhEn('请选择所属角色', 'Please choose the roles'),
        },
      },
    },
    {
      name: 'unlock',
      label: zhEn('账号解锁', 'Unlock'),
      permission: 'user_unlock',
      path: 'unlock',
      on: 'selection',
      idsParam: 'userIds',
      confirm: zhEn('确定将选择账号解锁?', 'Unlock the chosen accounts?'),
      done: USER_MESSAGES.unlockDone,
    },
    {
      name: 'disable',
      label: zhEn('停用', 'Disable'),
      permission: 'user_disable',
      path: 'disable',
      on: 'selection',
      idsParam: 'userIds',
      confirm: zhEn('确定停用选择的账号? 停用后不能登录, 已登录的会话立即失效', 'Disable the chosen accounts? They cannot sign in, and their sessions end at once'),
      done: USER_MESSAGES.disableDone,
    },
    {
      name: 'enable',
      label: zhEn('启用', 'Enable'),
      permission: 'user_enable',
      path: 'enable',
      on: 'selection',
      idsParam: 'userIds',
      confirm: zhEn('确定启用选择的账号?', 'Enable the chosen accounts?'),
      done: USER_MESSAGES.enableDone,
    },
  ],
});

export const deptResource = defineResource({
  name: 'dept',
  title: zhEn('部门管理', 'Departments'),
  entity: zhEn('部门', 'Department'),
  basePath: `${SYS}/dept`,
  permissions: crud('dept'),
  page: { path: '/system/dept', icon: 'apartment' },
  labelField: 'deptName',
  tree: { parentField: 'parentId', root: '0' },
  forestList: true,
  fields: {
    deptName: { label: zhEn('机构名称', 'Name'), kind: 'string', required: zhEn('请输入机构名称', 'Please enter the name'), maxLength: 64, search: 'like' },
    fullName: { label: zhEn('机构全称', 'Full name'), kind: 'string', required: zhEn('请输入机构全称', 'Please enter the full name'), maxLength: 128, search: 'like' },
    parentId: { label: zhEn('上级机构', 'Parent'), kind: 'treeRef', ref: { resource: 'dept', basePath: `${SYS}/dept` }, column: false },
    deptCategory: { label: zhEn('机构类型', 'Category'), kind: 'dict', dict: { code: 'org_category' }, required: zhEn('请选择机构类型', 'Please choose the category'), default: 2 },
    sort,
    remark: REMARK_FIELD,
  },
});

export const postResource = defineResource({
  name: 'post',
  title: zhEn('岗位管理', 'Posts'),
  entity: zhEn('岗位', 'Post'),
  basePath: `${SYS}/post`,
  permissions: crud('post'),
  page: { path: '/system/post', icon: 'idcard' },
  labelField: 'postName',
  fields: {
    category: { label: zhEn('岗位类型', 'Category'), kind: 'dict', dict: { code: 'post_category' }, required: zhEn('请选择岗位类型', 'Please choose the category'), search: 'eq' },
    postCode: { label: zhEn('岗位编号', 'Code'), kind: 'string', required: zhEn('请输入岗位编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    postName: { label: zhEn('岗位名称', 'Name'), kind: 'string', required: zhEn('请输入岗位名称', 'Please enter the name'), maxLength: 64, search: 'like' },
    sort,
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'postCode', message: zhEn('岗位编号已存在', 'The post code already exists') }],
});

/**
 * Roles: a tree per tenant. What a role grants (menus and buttons, data and API scopes)
 * is saved by `role/grant`; `projectId` (roles v2) limits the projects its users may pick.
 */
export const roleResource = defineResource({
  name: 'role',
  title: zhEn('角色管理', 'Roles'),
  entity: zhEn('角色', 'Role'),
  basePath: `${SYS}/role`,
  permissions: crud('role'),
  page: { path: '/authority/role', icon: 'user-switch' },
  labelField: 'roleName',
  tree: { parentField: 'parentId', root: '0' },
  forestList: true,
  fields: {
    roleName: { label: zhEn('角色名称', 'Name'), kind: 'string', required: zhEn('请输入角色名称', 'Please enter the name'), maxLength: 64, search: 'like' },
    roleAlias: { label: zhEn('角色别名', 'Alias'), kind: 'string', required: zhEn('请输入角色别名', 'Please enter the alias'), maxLength: 64, search: 'like' },
    parentId: { label: zhEn('上级角色', 'Parent'), kind: 'treeRef', ref: { resource: 'role', basePath: `${SYS}/role` }, column: false },
    projectId: { label: zhEn('可选项目', 'Projects'), kind: 'multiRef', ref: { resource: 'project', basePath: '/wwy-us-mdm/api/v1/project' }, column: false },
    sort,
  },
  unique: [{ field: 'roleAlias', message: zhEn('角色别名已存在', 'The role alias already exists') }],
  // the grant dialog, its preview and history are calls of their own (modules/authority/grants.ts)
  buttons: [{ code: 'role_grant', label: zhEn('权限设置', 'Grants') }],
});

export const regionResource = defineResource({
  name: 'region',
  title: zhEn('行政区划', 'Regions'),
  basePath: `${SYS}/region`,
  permissions: crud('region'),
  page: { path: '/base/region', icon: 'global' },
  tenancy: 'global',
  key: 'code',
  labelField: 'name',
  tree: { parentField: 'parentCode', root: '00' },
  fields: {
    code: { label: zhEn('区划编号', 'Code'), kind: 'string', required: zhEn('请输入区划编号', 'Please enter the code'), maxLength: 12, search: 'like', addOnly: true },
    name: { label: zhEn('区划名称', 'Name'), kind: 'string', required: zhEn('请输入区划名称', 'Please enter the name'), maxLength: 64, search: 'like' },
    parentCode: { label: zhEn('上级区划', 'Parent'), kind: 'treeRef', ref: { resource: 'region', basePath: `${SYS}/region` }, column: false },
    level: { label: zhEn('区划层级', 'Level'), kind: 'dict', dict: { code: 'region' }, required: zhEn('请选择区划层级', 'Please choose the level'), search: 'eq' },
    sort,
    remark: REMARK_FIELD,
  },
  importable: { permission: 'region_import' },
});

const dictFields = (biz: boolean) =>
  ({
    code: { label: zhEn('字典编号', 'Code'), kind: 'string', required: zhEn('请输入字典编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    dictValue: { label: zhEn('字典名称', 'Name'), kind: 'string', required: zhEn('请输入字典名称', 'Please enter the name'), maxLength: 255, search: 'like' },
    // what pages show in English; the Chinese name when empty
    dictValueEn: { label: zhEn('英文名称', 'English name'), kind: 'string', maxLength: 255 },
    parentId: {
      label: zhEn('上级字典', 'Parent'),
      kind: 'treeRef',
      ref: { resource: biz ? 'dictbiz' : 'dict', basePath: `${SYS}/${biz ? 'dict-biz' : 'dict'}` },
      column: false,
    },
    dictKey: { label: zhEn('字典键值', 'Key'), kind: 'string', maxLength: 64 },
    sort: { ...sort, label: zhEn('字典排序', 'Order'), required: zhEn('请输入字典排序', 'Please enter the order') },
    isSealed: {
      label: zhEn('封存', 'Sealed'),
      kind: 'select',
      required: zhEn('请选择封存', 'Please choose whether it is sealed'),
      default: 0,
      options: [
        { value: 0, label: zhEn('否', 'No') },
        { value: 1, label: zhEn('是', 'Yes') },
      ],
    },
    remark: { ...REMARK_FIELD, label: zhEn('字典备注', 'Remark') },
  }) satisfies Record<string, FieldDef>;

/** The messages the child form adds (its key is required there, not on a parent row). */
export const DICT_MESSAGES = {
  keyRequired: zhEn('请输入字典键值', 'Please enter the key'),
  sealed: zhEn('封存的字典不能删除', 'A sealed dictionary cannot be removed'),
  keyTaken: zhEn('字典键值已存在', 'The key already exists'),
  codeTaken: zhEn('字典编号已存在', 'The code already exists'),
} as const;

/**
 * A dictionary is a parent row (`dictKey` -1, `parentId` 0) per code with its items
 * below it; the system dictionary is shared by all tenants, the business one is per tenant.
 */
const dictionary = (biz: boolean) =>
  defineResource({
    name: biz ? 'dictbiz' : 'dict',
    title: biz ? zhEn('业务字典', 'Business dictionary') : zhEn('系统字典', 'System dictionary'),
    basePath: `${SYS}/${biz ? 'dict-biz' : 'dict'}`,
    permissions: crud(biz ? 'dictbiz' : 'dict'),
    page: { path: biz ? '/system/dictbiz' : '/system/dict', icon: biz ? 'read' : 'book' },
    tenancy: biz ? 'tenant' : 'global',
    labelField: 'dictValue',
    tree: { parentField: 'parentId', root: '0' },
    forestList: true,
    formWidth: 880,
    fields: dictFields(biz),
  });

export const dictResource = dictionary(false);
export const dictBizResource = dictionary(true);

/** The two tables of the dictionary page: the codes, and the items of the chosen code. */
export const dictViews = (def: typeof dictResource) => ({
  parents: viewOf(def, { name: `${def.name}-parent`, omit: ['parentId', 'dictKey'], list: 'parent-list' }),
  children: viewOf(def, { name: `${def.name}-child`, list: 'child-list', parent: { resource: def.name, field: 'parentId', inherit: ['code'] } }),
});

/** The organisation's resources, in menu order (the catalogue collects them). */
export const resources = [userResource, deptResource, postResource, dictResource, dictBizResource, roleResource, regionResource];
