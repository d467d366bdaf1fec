import { defineResource, zhEn } from '../resource';
import { publishAction, publishStatusField } from './publishing';

const SYS = '/us-system';

/** Who an announcement is for: every tenant (the platform's own tenant only), this tenant, or some of its roles. */
export const NOTIFY_TARGET = { allTenants: 1, tenant: 2, roles: 3 } as const;

export const NOTIFY_MESSAGES = {
  allTenantsPlatformOnly: zhEn('只有平台租户可以发布给全部租户', 'Only the platform tenant may publish to every tenant'),
  rolesRequired: zhEn('请选择接收公告的角色', 'Please choose the roles'),
} as const;

/** 系统公告: the announcements the shell's bell shows (its 系统公告 tab) to those they are for. */
export const systemNotifyResource = defineResource({
  name: 'systemnotify',
  title: zhEn('系统公告', 'Announcements'),
  basePath: `${SYS}/system-notify`,
  permissions: { add: 'systemnotify_add', edit: 'systemnotify_edit', delete: 'systemnotify_delete', view: 'systemnotify_view' },
  page: { path: '/system/systemnotify', icon: 'notification' },
  labelField: 'title',
  formWidth: 880,
  fields: {
    title: { label: zhEn('公告标题', 'Title'), kind: 'string', required: zhEn('请输入公告标题', 'Please enter the title'), maxLength: 200, search: 'like' },
    targetType: {
      label: zhEn('发布范围', 'Audience'),
      kind: 'select',
      required: zhEn('请选择发布范围', 'Please choose the audience'),
      default: NOTIFY_TARGET.tenant,
      search: 'eq',
      width: 120,
      options: [
        { value: NOTIFY_TARGET.tenant, label: zhEn('本租户', 'This tenant') },
        { value: NOTIFY_TARGET.roles, label: zhEn('指定角色', 'Some roles') },
        { value: NOTIFY_TARGET.allTenants, label: zhEn('全部租户', 'Every tenant') },
      ],
    },
    roleId: { label: zhEn('接收角色', 'Roles'), kind: 'multiRef', ref: { resource: 'role', basePath: `${SYS}/role`, tree: true }, column: false },
    content: { label: zhEn('公告内容', 'Content'), kind: 'richText', required: zhEn('请输入公告内容', 'Please enter the content'), maxLength: 100_000, column: false },
    publishStatus: { ...publishStatusField, search: 'eq' },
    publishTime: { label: zhEn('发布时间', 'Published'), kind: 'date', readonly: true, form: false, search: 'range' },
  },
  actions: [publishAction('systemnotify', zhEn('发布后接收范围内的用户都会收到该公告, 确定发布?', 'Everyone in the audience will see it. Publish?'))],
});

/** Supervision reminders (督办提醒): an administrator reminds a user of something, with a link to where it is. */
export const messageNotifyResource = defineResource({
  name: 'messagenotify',
  title: zhEn('督办提醒', 'Reminders'),
  basePath: `${SYS}/message-notify`,
  permissions: { add: 'messagenotify_add', edit: 'messagenotify_edit', delete: 'messagenotify_delete', view: 'messagenotify_view' },
  page: { path: '/system/messagenotify', icon: 'bell' },
  labelField: 'content',
  fields: {
    userId: {
      label: zhEn('提醒对象', 'User'),
      kind: 'ref',
      ref: { resource: 'user', basePath: '/us-user', owned: true },
      required: zhEn('请选择提醒对象', 'Please choose the user'),
      search: 'eq',
    },
    content: { label: zhEn('提醒内容', 'Content'), kind: 'text', required: zhEn('请输入提醒内容', 'Please enter the content'), maxLength: 500, search: 'like' },
    modelName: { label: zhEn('业务模块', 'Module'), kind: 'string', maxLength: 64, default: '督办' },
    url: { label: zhEn('跳转地址', 'Link'), kind: 'string', maxLength: 500, column: false },
    readStatus: {
      label: zhEn('状态', 'Status'),
      kind: 'select',
      readonly: true,
      form: false,
      search: 'eq',
      width: 90,
      options: [
        { value: 0, label: zhEn('未读', 'Unread') },
        { value: 1, label: zhEn('已读', 'Read') },
      ],
    },
  },
});

export const resources = [systemNotifyResource, messageNotifyResource];
