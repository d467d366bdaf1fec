import { defineResource, type FieldDef, zhEn } from '../resource';

/**
 * Subscription packages (订阅套餐): what a company, or one of its projects, has bought. The
 * package in effect for a project is its own, else its company's. Its counts bound the project's
 * accounts, workers and devices (-1: no limit), its systems the top menus the project's accounts
 * see; once it has ended nothing more is added. The shell shows it as 我的套餐 and reminds of its
 * end (shell spec §3, §4 'Expiry reminder'). Not the tenant's menu package (tenantpackage).
 */
const MDM = '/wwy-us-mdm/api/v1';

/** The shell's calls (shell spec §7 'Shell data'); the dismissal's path is ours (the spec does not show it). */
const SUBSCRIBE = '/wwy-us-mdm/company/subscribe';
export const SUBSCRIBE_PATHS = {
  packageList: `${SUBSCRIBE}/package/list`,
  notifyList: `${SUBSCRIBE}/notify/list`,
  dismiss: `${SUBSCRIBE}/notify/dismiss`,
} as const;

/** How the package is sold: by workers, by devices, or without limit. */
export const PACKAGE_TYPE = { worker: 1, device: 2, unlimited: 3 } as const;
/** The reminder's text: the default one, or the package's own `content`. */
export const RULE_TYPE = { default: 1, custom: 2 } as const;
/** A count of -1 is no limit. */
export const UNLIMITED = -1;
/** `content` '-1': no reminder for this package. */
export const NO_REMINDER = '-1';
/** Days before the end the reminder starts, unless the package says otherwise. */
export const DEFAULT_REMIND_DAYS = 30;
/** `user.userType` of the accounts that count as workers (the app's: field staff). */
export const WORKER_USER_TYPE = 2;

export const SUBSCRIBE_MESSAGES = {
  datesOrdered: zhEn('结束日期必须晚于开始日期', 'The end date must be after the start date'),
  projectOfCompany: zhEn('所选项目不属于所选公司', 'The project does not belong to the company'),
  projectTaken: zhEn('该项目已有订阅套餐', 'The project already has a package'),
  companyTaken: zhEn('该公司已有订阅套餐', 'The company already has a package'),
  contentRequired: zhEn('请输入提醒内容', 'Please enter the reminder text'),
  unlimitedCounts: zhEn('不限类型的套餐人员数和设备数须为 -1 (不限)', 'An unlimited package has no worker or device limit (-1)'),
  systemClosed: zhEn('当前订阅套餐未开通该系统', 'The subscription does not include this system'),
} as const;

/** Why an add is refused: the package of `project` has ended, or has no room for one more. */
export const subscribeRefusal = {
  expired: (project: string) => `订阅已到期, 项目「${project}」无法新增人员及物联网设备, 请联系管理员续订`,
  accounts: (project: string, limit: number) => `项目「${project}」的订阅套餐最多 ${limit} 个账号, 已达上限`,
  workers: (project: string, limit: number) => `项目「${project}」的订阅套餐最多 ${limit} 名人员 (APP 账号), 已达上限`,
  devices: (project: string, limit: number) => `项目「${project}」的订阅套餐最多 ${limit} 台设备, 已达上限`,
};

const count = (zh: string, en: string): FieldDef => ({
  label: zhEn(zh, en),
  kind: 'number',
  required: zhEn(`请输入${zh}`, `Please enter the ${en.toLowerCase()}`),
  min: UNLIMITED,
  max: 10_000_000,
  default: UNLIMITED,
  width: 90,
});

export const subscribePackageResource = defineResource({
  name: 'subscribepackage',
  title: zhEn('订阅套餐', 'Subscription packages'),
  // not under SUBSCRIBE: its package/list is the shell's call, answering the package in effect
  basePath: `${MDM}/subscribe-package`,
  permissions: { add: 'subscribepackage_add', edit: 'subscribepackage_edit', delete: 'subscribepackage_delete', view: 'subscribepackage_view' },
  page: { path: '/base/subscribe', icon: 'schedule' },
  labelField: 'packageName',
  formWidth: 880,
  fields: {
    packageName: { label: zhEn('套餐名称', 'Package'), kind: 'string', required: zhEn('请输入套餐名称', 'Please enter the package name'), maxLength: 64, search: 'like' },
    companyId: {
      label: zhEn('所属公司', 'Company'),
      kind: 'ref',
      ref: { resource: 'company', basePath: `${MDM}/company` },
      required: zhEn('请选择所属公司', 'Please choose the company'),
      search: 'eq',
    },
    // empty: the package of the whole company, for each project without one of its own
    projectId: { label: zhEn('所属项目', 'Project'), kind: 'ref', ref: { resource: 'project', basePath: `${MDM}/project` }, search: 'eq' },
    type: {
      label: zhEn('套餐类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择套餐类型', 'Please choose the type'),
      default: PACKAGE_TYPE.worker,
      search: 'eq',
      width: 100,
      options: [
        { value: PACKAGE_TYPE.worker, label: zhEn('按人员', 'By workers') },
        { value: PACKAGE_TYPE.device, label: zhEn('按设备', 'By devices') },
        { value: PACKAGE_TYPE.unlimited, label: zhEn('不限', 'Unlimited') },
      ],
    },
    level: { label: zhEn('套餐等级', 'Level'), kind: 'string', maxLength: 32, width: 100 },
    accountNum: count('账号数', 'Accounts'),
    userNum: count('人员数', 'Workers'),
    deviceNum: count('设备数', 'Devices'),
    systemAccess: { label: zhEn('开通系统', 'Systems'), kind: 'multiRef', ref: { resource: 'topmenu', basePath: '/us-system/topmenu' }, column: false },
    startDate: { label: zhEn('开始日期', 'Starts'), kind: 'date', dateOnly: true, required: zhEn('请选择开始日期', 'Please choose the start date') },
    endDate: { label: zhEn('结束日期', 'Ends'), kind: 'date', dateOnly: true, required: zhEn('请选择结束日期', 'Please choose the end date'), search: 'range' },
    remindDays: {
      label: zhEn('提前提醒天数', 'Remind days before'),
      kind: 'number',
      min: 0,
      max: 3650,
      default: DEFAULT_REMIND_DAYS,
      column: false,
    },
    ruleType: {
      label: zhEn('提醒方式', 'Reminder'),
      kind: 'select',
      default: RULE_TYPE.default,
      column: false,
      options: [
        { value: RULE_TYPE.default, label: zhEn('默认提醒', 'Default text') },
        { value: RULE_TYPE.custom, label: zhEn('自定义内容', 'Own text') },
      ],
    },
    // '-1' turns the reminder off (the family's wire value)
    content: { label: zhEn('提醒内容 (-1 不提醒)', 'Reminder text (-1: none)'), kind: 'text', maxLength: 500, column: false },
  },
  unique: [{ field: 'projectId', message: SUBSCRIBE_MESSAGES.projectTaken }],
});

export const resources = [subscribePackageResource];

/** The package in effect for a project, as GET package/list answers it (shell spec §3). */
export interface SubscribePackage {
  id: string;
  packageName: string;
  /** 1 by workers, 2 by devices, 3 unlimited */
  type: number;
  level: string;
  /** -1: no limit */
  accountNum: number;
  userNum: number;
  deviceNum: number;
  /** the systems' names, joined by '、' ('' for every system) */
  systemAccess: string;
  /** yyyy-MM-dd */
  startDate: string;
  endDate: string;
  ruleType: number;
  /** the reminder's own text; '-1' for no reminder */
  content: string;
  companyId: string;
  companyName: string;
  /** '' for the company's package */
  projectId: string;
  projectName: string;
  expired: boolean;
}

/** A reminder due for the caller and project (GET notify/list): the package ends within its days, or has ended. */
export interface SubscribeReminder {
  packageId: string;
  packageName: string;
  endDate: string;
  /** days from today to the end date; below 0 once ended */
  daysLeft: number;
  expired: boolean;
  ruleType: number;
  content: string;
  /** the caller closed it, or viewed its detail, for this project before */
  dismissed: boolean;
  /** when they last did, 'yyyy-MM-dd HH:mm:ss'; '' if never */
  dismissTime: string;
}
