/** Demo data a new user of the family expects: tenants, dictionaries, params, an organisation, regions, links. */

export const DEMO_PASSWORD = 'admin123';

export const tenants = [
  { tenantId: '000000', tenantName: '管理组', linkman: 'admin', domain: '' },
  { tenantId: '100001', tenantName: '示范物业公司', linkman: 'admin', domain: 'demo.workbench.localhost' },
];

/** code → [code, name, entries [dictKey, dictValue, remark?]] (the flow dictionary's remark is its category's page route) */
export const dictionaries: Record<string, [string, string, [string, string, string?][]]> = {
  sex: [
    'sex',
    '性别',
    [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  ],
  notice: [
    'notice',
    '通知类型',
    [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
      ['7', '会议通知'],
    ],
  ],
  menu_category: [
    'menu_category',
    '菜单类型',
    [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  ],
  button_func: [
    'button_func',
    '按钮功能',
    [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  ],
  yes_no: [
    'yes_no',
    '是否',
    [
      ['0', '否'],
      ['1', '是'],
    ],
  ],
  data_scope_type: [
    'data_scope_type',
    '数据权限',
    [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  ],
  api_scope_type: [
    'api_scope_type',
    '接口权限',
    [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  ],
  post_category: [
    'post_category',
    '岗位类型',
    [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  ],
  org_category: [
    'org_category',
    '机构类型',
    [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  ],
  oss: [
    'oss',
    '对象存储',
    [
      ['0', '本地磁盘'],
      ['1', 'minio'],
      ['2', 'qiniu'],
      ['3', 'ali'],
      ['4', 'tencent'],
    ],
  ],
  sms: [
    'sms',
    '短信服务',
    [
      ['1', 'yunpian'],
      ['2', 'qiniu'],
      ['3', 'ali'],
      ['4', 'tencent'],
    ],
  ],
  region: [
    'region',
    '行政区划',
    [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  ],
  flow: [
    'flow',
    '流程类型',
    [
      ['1', '请假流程', 'leave'],
      ['2', '报销流程', 'expense'],
    ],
  ],
  user_type: [
    'user_type',
    '用户平台',
    [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  ],
};

/** Business dictionaries every tenant starts with (each tenant may change its own). */
export const businessDictionaries: [string, string, [string, string][]][] = [
  [
    'work_order_level',
    '工单等级',
    [
      ['1', '一般'],
      ['2', '紧急'],
      ['3', '特急'],
    ],
  ],
  [
    'facility_type',
    '设施类型',
    [
      ['1', '垃圾桶'],
      ['2', '公厕'],
      ['3', '路灯'],
      ['4', '井盖'],
    ],
  ],
];

/** Params every tenant starts with; user_limited_menus and the upgrade info are read by the shell. */
export const params: { paramName: string; paramKey: string; paramValue: string; remark?: string }[] = [
  { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'Init1234' },
  { paramName: '账号错误锁定次数', paramKey: 'account.failCount', paramValue: '5' },
  { paramName: '租户默认账号额度', paramKey: 'tenant.default.accountNumber', paramValue: '-1' },
  { paramName: '租户管理员初始密码', paramKey: 'tenant.default.password', paramValue: 'Admin1234', remark: '新租户 admin 账号的初始密码' },
  { paramName: '管理员受限菜单', paramKey: 'user_limited_menus', paramValue: '[]', remark: 'JSON: 管理员不可见的菜单编号' },
  { paramName: '智慧停车单点登录地址', paramKey: 'third.system.parking', paramValue: 'https://parking.example.com/sso' },
  { paramName: '报表系统跳转地址', paramKey: 'third.system.report', paramValue: 'https://report.example.com/sso' },
  {
    paramName: '版本更新信息',
    paramKey: 'upgrade_info',
    paramValue: JSON.stringify({ title: '运营工作台 1.0 上线', upgradeInfoPic: '' }),
    remark: 'JSON: title, upgradeInfoPic',
  },
];

/** company → cities → projects; the second tenant gets a smaller copy to prove isolation. */
export const orgTree: Record<string, { code: string; name: string; cities: { code: string; name: string; projects: string[] }[] }[]> = {
  '000000': [
    {
      code: 'C001',
      name: '城市服务集团',
      cities: [
        { code: 'SZ', name: '深圳', projects: ['深圳湾科技园', '前海国际中心', '南山智慧街道', '福田中心区'] },
        { code: 'GZ', name: '广州', projects: ['天河CBD', '琶洲互联网区', '黄埔智慧城'] },
      ],
    },
    {
      code: 'C002',
      name: '物业运营公司',
      cities: [{ code: 'SH', name: '上海', projects: ['陆家嘴金融城', '虹桥商务区', '张江科学城'] }],
    },
  ],
  '100001': [{ code: 'D001', name: '示范物业', cities: [{ code: 'HZ', name: '杭州', projects: ['西溪园区', '滨江园区'] }] }],
};

/** A badge logo as an SVG data address: demo data needs no uploaded file. */
const badge = (text: string, colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${colour}"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">${text}</text></svg>`,
  )}`;

/** Projects that carry their own logo in the header (the others show the product's). */
export const projectLogos: Record<string, string> = {
  深圳湾科技园: badge('湾', '#1677ff'),
  陆家嘴金融城: badge('陆', '#52c41a'),
};

/** Province → city → district → street, enough for the street tree and the region page. */
export const regions: [code: string, parentCode: string, name: string, level: number][] = [
  ['440000', '00', '广东省', 1],
  ['440300', '440000', '深圳市', 2],
  ['440305', '440300', '南山区', 3],
  ['440305001', '440305', '南头街道', 4],
  ['440305007', '440305', '粤海街道', 4],
  ['440304', '440300', '福田区', 3],
  ['440304001', '440304', '园岭街道', 4],
  ['440304009', '440304', '福田街道', 4],
  ['440100', '440000', '广州市', 2],
  ['440106', '440100', '天河区', 3],
  ['440106001', '440106', '五山街道', 4],
  ['440106012', '440106', '天河南街道', 4],
  ['310000', '00', '上海市', 1],
  ['310100', '310000', '市辖区', 2],
  ['310115', '310100', '浦东新区', 3],
  ['310115001', '310115', '潍坊新村街道', 4],
  ['310115002', '310115', '陆家嘴街道', 4],
  ['330000', '00', '浙江省', 1],
  ['330100', '330000', '杭州市', 2],
  ['330106', '330100', '西湖区', 3],
  ['330106001', '330106', '北山街道', 4],
];

/** Header links of the business-systems dropdown; `projects` picks the first n projects of the tenant ('' = all). */
export const businessLinks: { name: string; url: string; projects: number }[] = [
  { name: '智慧停车', url: 'https://parking.example.com/?account=${account}', projects: 0 },
  { name: '能耗管理', url: 'https://energy.example.com/', projects: 2 },
];

/**
 * Where the sub-apps built in this repository are served (by this server, see
 * app.ts); the others are deployed elsewhere and get their host from an admin.
 * The Vue fixtures stand in for two business apps, so a new tenant sees the host run
 * apps of other frameworks (Vue 3, Vue 2 built as vue-cli builds it) beside 主数据.
 */
export const SUBAPP_HOSTS: Record<string, { host: string; routerMode: 'history' | 'hash' }> = {
  coredata: { host: '/subapps/coredata/', routerMode: 'history' },
  'order-accumulation': { host: '/subapps/vue-fixture/', routerMode: 'history' },
  'emergency-support': { host: '/subapps/vue2-fixture/', routerMode: 'hash' },
};
