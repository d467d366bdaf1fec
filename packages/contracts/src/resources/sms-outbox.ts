import { defineResource } from '../resource';

/** What the default SMS provider recorded instead of sending, for administrators of the tenant (menu 'sms'). */
export const smsOutboxResource = defineResource({
  name: 'smsOutbox',
  menu: 'sms',
  title: { zh: '短信发件箱', en: 'SMS outbox' },
  basePath: '/us-resource/sms/outbox',
  paths: { list: '' },
  permissions: { add: 'sms_add', edit: 'sms_edit', delete: 'sms_delete', view: 'sms_view' },
  readOnly: true,
  labelField: 'phone',
  fields: {
    phone: { label: { zh: '手机号码', en: 'Phone' }, kind: 'string', maxLength: 32, search: 'eq' },
    content: { label: { zh: '短信内容', en: 'Content' }, kind: 'text', maxLength: 1000 },
    provider: { label: { zh: '短信服务', en: 'Provider' }, kind: 'string', maxLength: 32 },
    createTime: { label: { zh: '发送时间', en: 'Sent' }, kind: 'date', search: 'range' },
  },
});

/** This module's resources (the catalogue collects them). */
export const resources = [smsOutboxResource];
