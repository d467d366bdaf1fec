import { defineResource, type FieldDef, zhEn, REMARK_FIELD } from '../resource';

export const SMS_MESSAGES = {
  enabled: zhEn('启用成功', 'Enabled'),
  sent: zhEn('发送成功', 'Sent'),
  phones: zhEn('手机号码格式不正确', 'A phone number is not valid'),
  tooMany: zhEn('发送过于频繁, 请稍后再试', 'Too many messages to this phone, try again later'),
  unknownCode: zhEn('短信配置不存在', 'No SMS configuration has this code'),
  unsupported: zhEn('该短信服务尚未接入, 可用: 云片 (yunpian)', 'This provider is not supported yet; available: yunpian'),
  params: zhEn('短信参数应为 JSON 对象, 如 {"code":"1234"}', 'Params must be a JSON object, e.g. {"code":"1234"}'),
} as const;

/** The providers spoken to (the `sms` dictionary's keys); the others can be kept but not enabled. */
export const SMS_PROVIDERS = { 1: 'yunpian' } as const;

/** 1 kept, 2 the tenant's enabled one (the family's status of sms and oss configurations). */
export const enabledStatus: FieldDef = {
  label: zhEn('是否启用', 'Enabled'),
  kind: 'select',
  options: [
    { value: 1, label: zhEn('否', 'No') },
    { value: 2, label: zhEn('是', 'Yes') },
  ],
  form: false,
  readonly: true,
  width: 90,
};

/**
 * SMS provider configurations (短信配置, admin spec §7 'Resource'): one per provider and
 * template; the enabled one sends the tenant's texts (password retrieval's too), and without
 * one nothing leaves the machine (the outbox). The secret key is sealed and never answered.
 */
export const smsResource = defineResource({
  name: 'sms',
  title: zhEn('短信配置', 'SMS'),
  basePath: '/us-resource/sms',
  permissions: { add: 'sms_add', edit: 'sms_edit', delete: 'sms_delete', view: 'sms_view' },
  page: { path: '/resource/sms', icon: 'message' },
  labelField: 'smsCode',
  fields: {
    category: { label: zhEn('分类', 'Provider'), kind: 'dict', dict: { code: 'sms' }, required: zhEn('请选择分类', 'Please choose the provider'), search: 'eq', width: 110 },
    smsCode: { label: zhEn('资源编号', 'Code'), kind: 'string', required: zhEn('请输入资源编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    templateId: { label: zhEn('模版ID', 'Template'), kind: 'string', maxLength: 64 },
    accessKey: { label: zhEn('accessKey', 'Access key'), kind: 'string', maxLength: 255, column: false },
    secretKey: { label: zhEn('secretKey', 'Secret key'), kind: 'password', maxLength: 500, sealed: true },
    regionId: { label: zhEn('regionId', 'Region'), kind: 'string', maxLength: 64, column: false },
    signName: { label: zhEn('短信签名', 'Signature'), kind: 'string', maxLength: 64 },
    endpoint: { label: zhEn('服务地址', 'API address'), kind: 'string', maxLength: 500, column: false },
    status: enabledStatus,
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'smsCode', message: zhEn('资源编号已存在', 'The code already exists') }],
  actions: [
    { name: 'enable', label: zhEn('启用', 'Enable'), permission: 'sms_enable', path: 'enable', on: 'row', idsParam: 'id', done: SMS_MESSAGES.enabled },
    {
      name: 'send',
      label: zhEn('发送短信', 'Send a message'),
      permission: 'sms_send',
      path: 'endpoint/send-message',
      on: 'toolbar',
      done: SMS_MESSAGES.sent,
      fields: {
        code: { label: zhEn('资源编号', 'Code'), kind: 'string', maxLength: 64 },
        phones: { label: zhEn('手机号码', 'Phones'), kind: 'string', required: zhEn('请输入手机号码', 'Please enter the phones'), maxLength: 2000 },
        params: { label: zhEn('短信参数', 'Params'), kind: 'text', maxLength: 2000 },
      },
    },
  ],
});

/** This module's resources (the catalogue collects them). */
export const resources = [smsResource];
