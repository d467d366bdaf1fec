import { ROUTER_CHANGE_ERROR } from '@wb/contracts/subapp-protocol';
import { i18n } from '../../shared/i18n/i18n';

/** Texts of the micro-frontend host, registered with the layout chunk that shows them. */
const zh = {
  microApps: {
    loading: '子应用加载中…',
    notDeployed: '{{name}}尚未部署',
    notDeployedDesc: '子应用“{{name}}”（{{serviceName}}）还没有配置访问地址，请管理员在 系统管理 → 子应用管理 中填写。',
    notDeployedSteps:
      '在 子应用管理 中编辑“{{name}}”：填写应用地址（index.html 所在处，如 https://apps.example.com/{{serviceName}}/ 或本服务发布的 /subapps/<目录>/），需要时填写路由模式与接口地址，保存后点“测试加载”。在此之前，不能配置子应用的用户看不到它的菜单。',
    openRegistry: '前往子应用管理',
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
    notDeployedSteps:
      'Edit “{{name}}” on Sub-applications: fill in the Host (where its index.html is, such as https://apps.example.com/{{serviceName}}/ or /subapps/<folder>/ served by this server), the Router mode and API host if needed, save, then press Test load. Until then, users who cannot configure sub-applications do not see its menus.',
    openRegistry: 'Open Sub-applications',
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
