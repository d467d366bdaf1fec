/**
 * The sub-applications the shell hosts, in the order of their top menus; the
 * first is the default and is loaded first. The server seeds a top menu for each
 * and each tenant's sub-app registry from this list (db/seed.ts).
 */
export interface SubAppSeed {
  serviceName: string;
  name: string;
  prefix: string;
  defaultPath: string;
  isDashboardApp?: boolean;
}

export const SUBAPPS: SubAppSeed[] = [
  { serviceName: 'work', name: '运营工作台', prefix: '/work', defaultPath: 'core/project' },
  { serviceName: 'coredata', name: '主数据', prefix: '/coredata', defaultPath: '/' },
  { serviceName: 'publish', name: '版本管理', prefix: '/publish', defaultPath: 'projectInfo' },
  { serviceName: 'config', name: '后台配置', prefix: '/config', defaultPath: '/' },
  { serviceName: 'emergency-support', name: '应急保障', prefix: '/emergency-support', defaultPath: 'emergency/wordOrderOperationReport/wordOrderOperationReport' },
  { serviceName: 'cruiser', name: '机械化作业2.0', prefix: '/cruiser', defaultPath: 'mechanicalWork/workInfo' },
  { serviceName: 'labor', name: '劳务作业', prefix: '/cruiser', defaultPath: 'laborOperations/laborWorkInfo' },
  { serviceName: 'order-accumulation', name: '积分工单', prefix: '/order-accumulation', defaultPath: 'accumulatedWorkOrder/accumulatedManager/timeCreditsSetting' },
  { serviceName: 'vaas', name: '视频感知', prefix: '/vaas', defaultPath: '/dashboards', isDashboardApp: true },
  { serviceName: 'create-order', name: '工单派单', prefix: '/create-order', defaultPath: '/' },
  { serviceName: 'guide', name: '发布指引', prefix: '/publish', defaultPath: 'releaseGuide' },
  { serviceName: 'base', name: '基础能力平台', prefix: '/config', defaultPath: 'baseCapability' },
];

/** The absolute shell path of a sub-app's start page ('/work/core/project', '/coredata'). */
export function subAppStartPath(app: SubAppSeed): string {
  const tail = app.defaultPath.replace(/^\/+/, '');
  return tail ? `${app.prefix}/${tail}` : app.prefix;
}
