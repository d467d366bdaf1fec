import { ROUTER_CHANGE_ERROR } from '@wb/contracts/subapp-protocol';
import { i18n } from '../../shared/i18n/i18n';

/** Texts of the micro-frontend host, registered with the layout chunk that shows them. */
const zh = {
  microApps: {
    loading: '子应用加载中…',
    notDeployed: '{{name}}尚未部署',
    notDeployedDesc: '子应用“{{name}}”（{{serviceName}}）还没有配置访问地址，请管理员在 系统管理 → 子应用管理 中填写。',
    notFound: '找不到子应用',
    notFoundDesc: '没有子应用挂载在 {{path}}（{{code}}）。',
    failed: '{{name}}加载失败',
    failedDesc: '子应用没有加载成功：{{error}}',
    retry: '重试',
    registryFailed: '子应用列表加载失败',
    routerChangeError: '请提供 base.routerChange 事件参数（please provide the base.routerChange event parameter）',
    export: { default: '导出/导入', processing: '导出/导入进行中', success: '导出/导入完成', fail: '导出/导入失败' },
  },
  downloads: { open: '下载/上传中心' },
};

const en = {
  microApps: {
    loading: 'Loading the sub-application…',
    notDeployed: '{{name}} is not deployed',
    notDeployedDesc: 'The sub-application “{{name}}” ({{serviceName}}) has no address yet; an administrator sets it on System → Sub-applications.',
    notFound: 'No such sub-application',
    notFoundDesc: 'No sub-application is mounted at {{path}} ({{code}}).',
    failed: '{{name}} failed to load',
    failedDesc: 'The sub-application did not load: {{error}}',
    retry: 'Retry',
    registryFailed: 'The list of sub-applications did not load',
    routerChangeError: ROUTER_CHANGE_ERROR,
    export: { default: 'Export/import', processing: 'Export/import in progress', success: 'Export/import finished', fail: 'Export/import failed' },
  },
  downloads: { open: 'Downloads and uploads' },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
