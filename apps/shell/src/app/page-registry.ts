import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MESSAGE_CENTER_PAGE } from '@wb/contracts/message-center';
import { ONLINE_USER_PAGE } from '@wb/contracts/online-users';
import { LEAVE_ROUTE_PATTERNS } from '../features/flow/process-paths';

type Page = LazyExoticComponent<ComponentType>;

const dictPage = (name: 'SystemDictPage' | 'BizDictPage' | 'DictHorizontalPage' | 'DictVerticalPage'): Page =>
  lazy(() => import('../admin/dict-page').then((m) => ({ default: m[name] })));

const logPage = (name: 'ApiLogPage' | 'ErrorLogPage' | 'UsualLogPage'): Page => lazy(() => import('../admin/logs/log-page').then((m) => ({ default: m[name] })));

/**
 * Pages of the shell at paths no menu holds: the router mounts them like
 * /info/index (the system dictionary in its two layouts, the self-check).
 */
export const fixedPages: Record<string, Page> = {
  '/test/index': lazy(() => import('./pages/self-check-page')),
  '/updateAnnouncement': lazy(() => import('../features/upgrade-notice/update-announcement-page')),
  '/dict-horizontal/index': dictPage('DictHorizontalPage'),
  '/dict-vertical/index': dictPage('DictVerticalPage'),
};

/**
 * The flow's process pages (admin spec §2 'Leave process routes'): routes with parameters under
 * the /work sub-app's prefix that are the shell's own pages, in the layout with a tab
 * (menu-resolution.ts `isShellOwnedPath` keeps the sub-app away from them).
 */
export const processPages: [pattern: string, page: Page][] = [
  [LEAVE_ROUTE_PATTERNS.form, lazy(() => import('../features/flow/leave/leave-form-page'))],
  [LEAVE_ROUTE_PATTERNS.handle, lazy(() => import('../features/flow/leave/leave-handle-page'))],
  [LEAVE_ROUTE_PATTERNS.detail, lazy(() => import('../features/flow/leave/leave-detail-page'))],
];

/**
 * Menu paths with a page of the shell's own. Each page is its own chunk; admin
 * pages carry ProComponents, which no other chunk may load. A menu path not
 * listed here shows the generic page of the resource whose `page.path` it is
 * (admin/catalogue-page.tsx), else the virtual page.
 */
export const pageRegistry: Record<string, Page> = {
  '/system/user': lazy(() => import('../admin/user-page')),
  '/authority/role': lazy(() => import('../admin/role-page')),
  '/system/topmenu': lazy(() => import('../admin/top-menu-page')),
  '/system/version': lazy(() => import('../admin/version-page')),
  '/system/dict': dictPage('SystemDictPage'),
  '/system/dictbiz': dictPage('BizDictPage'),
  // 流程管理 and 我的事务 (admin spec §2 flow, work)
  '/flow/model': lazy(() => import('../admin/flow/model-page')),
  '/flow/deploy': lazy(() => import('../admin/flow/deploy-page')),
  '/flow/manager': lazy(() => import('../admin/flow/manager-page')),
  '/flow/follow': lazy(() => import('../admin/flow/follow-page')),
  '/work-affairs/start': lazy(() => import('../admin/flow/work-start-page')),
  '/work-affairs/claim': lazy(() => import('../admin/flow/work-claim-page')),
  '/work-affairs/todo': lazy(() => import('../admin/flow/work-todo-page')),
  '/work-affairs/send': lazy(() => import('../admin/flow/work-send-page')),
  '/work-affairs/done': lazy(() => import('../admin/flow/work-done-page')),
  // 日志管理: each log with the log explorer (追踪)
  '/monitor/api': logPage('ApiLogPage'),
  '/monitor/error': logPage('ErrorLogPage'),
  '/monitor/usual': logPage('UsualLogPage'),
  // 资源管理 and 报表管理 (admin spec §2 resource, §7 'Report')
  '/resource/sms': lazy(() => import('../admin/resource/sms-page')),
  '/resource/attach': lazy(() => import('../admin/resource/attach-page')),
  '/tool/report': lazy(() => import('../admin/report/report-page')),
  // 研发工具: the models with their table picker and designer, the code rows with 生成 and 预览
  '/tool/model': lazy(() => import('../admin/develop/model-page')),
  '/tool/code': lazy(() => import('../admin/develop/code-page')),
  // 在线用户 and 消息中心 (issue 31)
  [ONLINE_USER_PAGE]: lazy(() => import('../admin/online-users/online-user-page')),
  [MESSAGE_CENTER_PAGE]: lazy(() => import('../features/message-center/message-center-page')),
  ...fixedPages,
};
