import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { SubAppLocale } from '@wb/contracts/subapp-protocol';

/** The app's own texts; the resource pages' texts come from the defs (registered by @wb/resource-ui). */
const zh = {
  app: { title: '主数据', overview: '概览', logout: '退出登录' },
  overview: {
    title: '主数据概览',
    desc: '公司、城市、项目与供应商, 以及各项目的车辆、设施、网格、物联设备、作业点位与人员。属于项目的数据按工作台所选项目统计与筛选。',
    project: '当前项目',
    noProject: '未选择项目(显示全部)',
    open: '进入',
    refresh: '刷新',
    organisation: '组织与项目',
    site: '现场运营',
    byProject: '按所选项目',
  },
  login: {
    title: '主数据 · 登录',
    hint: '独立运行时使用工作台账号登录。',
    tenantId: '租户编号',
    username: '账号',
    password: '密码',
    captcha: '验证码',
    submit: '登录',
    tenantRequired: '请输入租户编号',
    usernameRequired: '请输入账号',
    passwordRequired: '请输入密码',
    captchaRequired: '请输入验证码',
    failed: '登录失败',
  },
  request: { unknownError: '未知错误', sessionExpired: '登录已过期,请重新登录', network: '网络异常,请稍后重试' },
  saved: {
    keptProject: '新增的项目「{{name}}」不在当前所选项目「{{project}}」中, 暂时列在这里; 在顶部的项目选择中选中它即可切换到它。',
    elsewhere: '「{{name}}」已保存, 但它不属于当前所选项目「{{project}}」, 所以不在此列表中; 在顶部的项目选择中切换到它所属的项目即可看到。',
  },
};

type Messages = { [K in keyof typeof zh]: { [P in keyof (typeof zh)[K]]: string } };

const en: Messages = {
  app: { title: 'Master data', overview: 'Overview', logout: 'Log out' },
  overview: {
    title: 'Master data overview',
    desc: "Companies, cities, projects and suppliers, and each project's vehicles, facilities, grids, IoT devices, job locations and staff. What belongs to a project is counted and listed for the project picked in the workbench.",
    project: 'Project',
    noProject: 'No project picked (showing all)',
    open: 'Open',
    refresh: 'Refresh',
    organisation: 'Organisation and projects',
    site: 'Operations on site',
    byProject: 'Picked project',
  },
  login: {
    title: 'Master data · Log in',
    hint: 'Standalone: log in with a workbench account.',
    tenantId: 'Tenant',
    username: 'Account',
    password: 'Password',
    captcha: 'Code',
    submit: 'Log in',
    tenantRequired: 'Please enter the tenant',
    usernameRequired: 'Please enter the account',
    passwordRequired: 'Please enter the password',
    captchaRequired: 'Please enter the code',
    failed: 'Login failed',
  },
  request: { unknownError: 'Unknown error', sessionExpired: 'The session has expired, please log in again', network: 'Network error, please retry' },
  saved: {
    keptProject: 'The new project “{{name}}” is not in the picked project “{{project}}”; it is listed here for now. Pick it in the project selector at the top to switch to it.',
    elsewhere:
      '“{{name}}” was saved, but it does not belong to the picked project “{{project}}”, so it is not in this list. Switch to its project in the selector at the top to see it.',
  },
};

/** Its own instance: the app never shares i18next with a host (nor does the shell with it). */
export const i18n = createInstance();

export function initI18n(locale: SubAppLocale): void {
  if (i18n.isInitialized) {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    return;
  }
  void i18n.use(initReactI18next).init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng: locale,
    fallbackLng: 'zh',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
}
