import { defineResource, zhEn } from '../resource';

/**
 * Desk notices (通知公告, admin spec §7 'Desk'; the family's fields title, category, releaseTime,
 * content): notices of the tenant by kind (the `notice` dictionary), their rich text sanitised
 * when written (the framework's richText) and again when shown.
 */
export const deskNoticeResource = defineResource({
  name: 'notice',
  title: zhEn('通知公告', 'Notices'),
  basePath: '/us-desk/notice',
  permissions: { add: 'notice_add', edit: 'notice_edit', delete: 'notice_delete', view: 'notice_view' },
  page: { path: '/desk/notice', icon: 'read' },
  labelField: 'title',
  formWidth: 880,
  fields: {
    title: { label: zhEn('通知标题', 'Title'), kind: 'string', required: zhEn('请输入通知标题', 'Please enter the title'), maxLength: 200, search: 'like' },
    category: { label: zhEn('通知类型', 'Type'), kind: 'dict', dict: { code: 'notice' }, required: zhEn('请选择通知类型', 'Please choose the type'), search: 'eq', width: 120 },
    releaseTime: { label: zhEn('通知日期', 'Date'), kind: 'date', dateOnly: true, required: zhEn('请选择通知日期', 'Please choose the date'), search: 'range', width: 170 },
    // optional, as the family has it: a notice may be its title alone
    content: { label: zhEn('通知内容', 'Content'), kind: 'richText', maxLength: 100_000, column: false },
  },
});

/** This module's resources (the catalogue collects them). */
export const resources = [deskNoticeResource];
