import { i18n } from '../../shared/i18n/i18n';

/** Texts of the workbench home and the console. */
const zh = {
  home: {
    figures: '项目概况',
    projects: '项目数',
    vehicles: '车辆总数',
    inService: '在用车辆',
    suppliers: '服务供应商',
    shortcuts: '常用功能',
    shortcutsEmpty: '打开过的菜单会出现在这里',
    notices: '我的通知',
    jobs: '进行中的任务',
    jobsEmpty: '暂无进行中的导出或导入',
    exporting: '导出',
    importing: '导入',
    openCentre: '打开下载中心',
    console: '控制台',
    byProject: '各项目车辆',
    byCity: '车辆的城市分布',
    total: '总数',
    noData: '暂无数据',
    todo: '我的待办',
    todoEmpty: '暂无待办事务',
    claimCount: '待签 {{count}} 项',
    allTodo: '全部待办',
  },
};
const en = {
  home: {
    figures: 'Overview',
    projects: 'Projects',
    vehicles: 'Vehicles',
    inService: 'In service',
    suppliers: 'Suppliers',
    shortcuts: 'Shortcuts',
    shortcutsEmpty: 'The menus you open appear here',
    notices: 'My notices',
    jobs: 'Running jobs',
    jobsEmpty: 'No export or import is running',
    exporting: 'Export',
    importing: 'Import',
    openCentre: 'Open the download centre',
    console: 'Console',
    byProject: 'Vehicles per project',
    byCity: 'Vehicles per city',
    total: 'Total',
    noData: 'No data',
    todo: 'My tasks',
    todoEmpty: 'Nothing to do',
    claimCount: '{{count}} to claim',
    allTodo: 'All tasks',
  },
};
i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
