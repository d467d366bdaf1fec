import { RESOURCES } from '@wb/contracts/resources/catalogue';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { SUBAPPS, subAppStartPath } from '@wb/contracts/subapps';
import { FLOW_CODES } from '@wb/contracts/flow';
import { ONLINE_USER_CODES, ONLINE_USER_PAGE } from '@wb/contracts/online-users';
import { MESSAGE_CENTER_CODE, MESSAGE_CENTER_PAGE } from '@wb/contracts/message-center';

/** A seeded menu: `buttons` become category-2 children named `${code}_${verb}`. */
export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  source?: string;
  buttons?: boolean;
  /** buttons beyond the four verbs: [code, name] (a resource's actions); without `buttons`, the only ones */
  extraButtons?: [string, string][];
  serviceName?: string;
  isTab?: boolean;
  /** the page stays mounted while its tab is open (meta.keepAlive); seeded menus are, unless they say no */
  keepAlive?: boolean;
  /** link entries: 2 opens an http(s) address in a new window, 1 in the same tab */
  isOpen?: number;
  /** gray release: on the gray host this entry opens grayPath */
  enableGray?: boolean;
  grayPath?: string;
  children?: MenuSeed[];
}

/** The menu table's row of a seeded menu (the seed's and an upgrade's, db/upgrade-menus.ts). */
export const menuRow = (m: MenuSeed, parentId: number, sort: number) => ({
  parentId,
  code: m.code,
  name: m.name,
  path: m.path,
  source: m.source ?? '',
  sort,
  category: 1,
  serviceName: m.serviceName ?? '',
  isTab: m.isTab ?? true,
  keepAlive: m.keepAlive ?? true,
  isOpen: m.isOpen ?? 1,
  enableGray: m.enableGray ?? false,
  grayPath: m.grayPath ?? '',
});

export interface TopMenuSeed {
  code: string;
  name: string;
  path: string;
  source: string;
  serviceName: string;
  menus: MenuSeed[];
}

/**
 * Admin pages by group: `page('system', 'param', '参数管理')` is the page
 * /system/param with its buttons; its code is the last path segment unless two
 * pages share one (codes name grants, so they are unique).
 */
const page = (group: string, segment: string, name: string, source = '', code = segment): MenuSeed => ({ code, name, path: `/${group}/${segment}`, source, buttons: true });

/** A resource's button codes beside the four verbs: its actions', its own, and its import's. */
const resourceButtons = (def: AnyResourceDef | undefined): [string, string][] => [
  ...(def?.actions ?? []).map((a): [string, string] => [a.permission, a.label.zh]),
  ...(def?.buttons ?? []).map((b): [string, string] => [b.code, b.label.zh]),
  ...(def?.importable ? [[def.importable.permission, '导入'] as [string, string]] : []),
];

/** The page of a resource: its name is the menu code, its buttons beside the four verbs. */
const resourcePage = (def: AnyResourceDef): MenuSeed => ({
  code: def.name,
  name: def.title.zh,
  path: def.page!.path,
  source: def.page!.icon ?? '',
  buttons: true,
  extraButtons: resourceButtons(def),
});

const adminMenus: MenuSeed[] = [
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    // after the resources' pages: 在线用户, whose one button ends a session
    children: [{ code: ONLINE_USER_CODES.menu, name: '在线用户', path: ONLINE_USER_PAGE, source: 'team', extraButtons: [[ONLINE_USER_CODES.logout, '强制下线']] }],
  },
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'safety',
  },
  { code: 'base', name: '基础数据', path: '/base', source: 'environment', children: [] },
  {
    code: 'monitor',
    name: '日志管理',
    path: '/monitor',
    source: 'file-search',
    // 通用日志, 接口日志 and 错误日志 are resources' pages (withResourcePages)
    children: [],
  },
  {
    code: 'resource',
    name: '资源管理',
    path: '/resource',
    source: 'cloud',
    // 附件管理, 对象存储 and 短信配置 are resources' pages (withResourcePages)
    children: [],
  },
  {
    code: 'tool',
    name: '研发工具',
    path: '/tool',
    source: 'tool',
    // 代码生成 and 数据模型 are resources' pages (withResourcePages), after 数据源管理
    children: [],
  },
  {
    code: 'flow',
    name: '流程管理',
    path: '/flow',
    source: 'apartment',
    children: [
      { ...page('flow', 'model', '模型管理', '', FLOW_CODES.model), extraButtons: [[FLOW_CODES.modelDeploy, '部署']] },
      { ...page('flow', 'deploy', '流程部署', '', FLOW_CODES.deploy), buttons: false },
      { ...page('flow', 'manager', '流程管理', '', FLOW_CODES.manager), extraButtons: [[FLOW_CODES.managerState, '变更状态']] },
      page('flow', 'follow', '流程跟踪', '', FLOW_CODES.follow),
    ],
  },
  {
    code: 'work',
    name: '我的事务',
    path: '/work-affairs',
    source: 'schedule',
    // the lists are each user's own: no buttons
    children: (
      [
        ['start', '发起事务'],
        ['claim', '待签事务'],
        ['todo', '待办事务'],
        ['send', '已发事务'],
        ['done', '办结事务'],
      ] as const
    ).map(([segment, name]) => ({ ...page('work-affairs', segment, name, '', FLOW_CODES[segment]), buttons: false })),
  },
  // every user's notices and reminders (the bell's, all of them): granted to every role
  { code: MESSAGE_CENTER_CODE, name: '消息中心', path: MESSAGE_CENTER_PAGE, source: 'bell' },
  {
    code: 'desk',
    name: '公告管理',
    path: '/desk',
    source: 'notification',
    // 通知公告 (/desk/notice) is a resource's page: withResourcePages puts it first
    children: [{ code: 'updateAnnouncement', name: '更新公告', path: '/updateAnnouncement' }],
  },
];

/**
 * Pages each sub-app top menu lists besides its start page: [path, name, code].
 * A page served by a resource of the server uses the resource's name as its code,
 * with buttons, so the same grants guard the menu and the calls.
 */
const subAppPages: Record<string, [string, string, string?][]> = {
  work: [
    ['workforce', '劳动力管理'],
    ['attendance', '考勤管理'],
    ['vacation', '休假管理'],
    ['salary', '薪资管理'],
    ['qualityEvaluation', '质量评价'],
    ['processSupervision', '过程督办'],
    ['remotePatrol', '远程巡查'],
  ],
  coredata: [
    ['company', '公司管理', 'company'],
    ['city', '城市管理', 'city'],
    ['project', '项目管理', 'project'],
    ['supplier', '供应商管理', 'supplier'],
    ['vehicle', '车辆管理', 'vehicle'],
    ['facility', '设施管理', 'facility'],
    ['grid', '网格管理', 'grid'],
    ['iot', '物联设备', 'iot'],
    ['jobLocation', '作业点位', 'jobLocation'],
    // the master data's people: 'user' is the system's own user page
    ['user', '人员管理', 'mdmUser'],
  ],
};

/**
 * One entry of each link type the shell knows (menu-resolution.ts): single sign-on
 * into a park, the report system, an embedded manual whose address carries the
 * user's account, and a new-window link; the manual has a gray-release address.
 * Their addresses are the tenant's third.system.* params and the iframe allow-list.
 */
const linkMenus: MenuSeed[] = [
  {
    code: 'links',
    name: '外部系统',
    path: '/links',
    source: 'link',
    children: [
      { code: 'links_parking', name: '智慧停车', path: 'sso:parking?parkCode=P01', source: 'car', isTab: false },
      { code: 'links_report', name: '报表中心', path: 'report:report', source: 'bar-chart', isTab: false },
      {
        code: 'links_manual',
        name: '操作手册',
        path: 'https://report.example.com/manual?account=${account}',
        source: 'read',
        enableGray: true,
        grayPath: 'https://report.example.com/manual-gray?account=${account}',
      },
      { code: 'links_status', name: '运行状态', path: 'https://report.example.com/status', source: 'dashboard', isOpen: 2, isTab: false },
    ],
  },
];

/**
 * Every resource with a page joins the admin group its path starts with, ahead of
 * the pages that are not resources: adding a resource needs no line here.
 */
function withResourcePages(groups: MenuSeed[]): MenuSeed[] {
  return groups.map((g) => ({
    ...g,
    children: [...RESOURCES.filter((d) => d.page?.path.startsWith(`${g.path}/`)).map(resourcePage), ...(g.children ?? [])],
  }));
}

export const topMenuSeeds: TopMenuSeed[] = [
  { code: 'system_admin', name: '系统管理', path: '/system', source: 'setting', serviceName: '', menus: withResourcePages(adminMenus) },
  ...SUBAPPS.map((app) => ({
    code: `app_${app.serviceName}`,
    name: app.name,
    path: subAppStartPath(app),
    source: 'appstore',
    serviceName: app.serviceName,
    menus: [
      {
        code: `${app.serviceName}_home`,
        name: app.name,
        path: app.prefix,
        serviceName: app.serviceName,
        children: [
          // named by its app: the tabs of several apps' start pages are told apart
          { code: `${app.serviceName}_start`, name: `${app.name}首页`, path: subAppStartPath(app), serviceName: app.serviceName },
          ...(subAppPages[app.serviceName] ?? []).map(([p, name, code]) => ({
            code: code ?? `${app.serviceName}_${p}`,
            name,
            path: `${app.prefix}/${p}`,
            serviceName: app.serviceName,
            buttons: !!code,
            extraButtons: code ? resourceButtons(RESOURCES.find((d) => d.name === code)) : undefined,
          })),
        ],
      },
    ],
  })),
  { code: 'external_links', name: '外部系统', path: '/links', source: 'link', serviceName: '', menus: linkMenus },
];

export const BUTTON_VERBS = [
  ['add', '新增'],
  ['edit', '修改'],
  ['delete', '删除'],
  ['view', '查看'],
] as const;
