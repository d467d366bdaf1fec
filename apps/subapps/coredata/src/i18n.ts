import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { SubAppLocale } from '@wb/contracts/subapp-protocol';

/** The app's own texts; the resource pages' texts come from the defs (registered by @wb/resource-ui). */
const zh = {
  app: { title: '主数据', overview: '概览', logout: '退出登录', standalone: '独立运行', inShell: '运行于工作台' },
  overview: {
    title: '主数据概览',
    desc: '公司、城市、项目、供应商与车辆。项目与车辆按工作台所选项目筛选。',
    project: '当前项目',
    noProject: '未选择项目(显示全部)',
    open: '进入',
    openParam: '打开参数管理',
    refresh: '刷新',
  },
  protocol: {
    title: '子应用协议',
    props: '收到的属性',
    tenant: '租户',
    user: '用户',
    locale: '语言',
    theme: '主题',
    apiBase: '接口地址',
    send: '发送事件',
    log: '事件记录',
    noShell: '未在工作台中运行: 事件只记录在此, 不会发送。',
    empty: '暂无事件',
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
};

type Messages = { [K in keyof typeof zh]: { [P in keyof (typeof zh)[K]]: string } };

const en: Messages = {
  app: { title: 'Master data', overview: 'Overview', logout: 'Log out', standalone: 'Standalone', inShell: 'In the workbench' },
  overview: {
    title: 'Master data overview',
    desc: 'Companies, cities, projects, suppliers and vehicles. Projects and vehicles follow the project picked in the workbench.',
    project: 'Project',
    noProject: 'No project picked (showing all)',
    open: 'Open',
    openParam: 'Open parameters',
    refresh: 'Refresh',
  },
  protocol: {
    title: 'Sub-application protocol',
    props: 'Props received',
    tenant: 'Tenant',
    user: 'User',
    locale: 'Locale',
    theme: 'Theme',
    apiBase: 'API base',
    send: 'Send an event',
    log: 'Event log',
    noShell: 'Not inside the workbench: events are only logged here, not sent.',
    empty: 'No events yet',
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
