import { defineResource, zhEn, REMARK_FIELD } from '../resource';
import { enabledStatus } from './sms';

export const OSS_MESSAGES = {
  enabled: zhEn('启用成功, 新上传的文件将存放于此', 'Enabled: new uploads are stored here'),
  endpoint: zhEn('服务地址应为 http(s)://主机[:端口]', 'The endpoint must be an http(s) origin'),
  bucket: zhEn('请输入空间名', 'Please enter the bucket'),
  holdsFiles: zhEn('已有附件存放于此, 不能更改其分类、地址、空间名或地域', 'Files are stored here: its kind, endpoint, bucket and region cannot change'),
  keys: zhEn('请输入 accessKey 和 secretKey', 'Please enter the access key and the secret key'),
  uploadOnly: zhEn('附件由上传生成, 请使用上传', 'Attachments come from uploads: please upload a file'),
} as const;

/** the `oss` dictionary's key of the server's own disk; the others are spoken to as S3 */
export const OSS_LOCAL = 0;

/**
 * Object storage configurations (对象存储, admin spec §7 'Resource'): local disk or an
 * S3-compatible service (MinIO, Qiniu, Aliyun OSS, Tencent COS). The enabled one is where the
 * tenant's uploads go; files already stored stay where they are. The secret key is sealed.
 */
export const ossResource = defineResource({
  name: 'oss',
  title: zhEn('对象存储', 'Object storage'),
  basePath: '/us-resource/oss',
  permissions: { add: 'oss_add', edit: 'oss_edit', delete: 'oss_delete', view: 'oss_view' },
  page: { path: '/resource/oss', icon: 'cloud-server' },
  labelField: 'ossCode',
  fields: {
    category: { label: zhEn('分类', 'Kind'), kind: 'dict', dict: { code: 'oss' }, required: zhEn('请选择分类', 'Please choose the kind'), search: 'eq', width: 110 },
    ossCode: { label: zhEn('资源编号', 'Code'), kind: 'string', required: zhEn('请输入资源编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    endpoint: { label: zhEn('资源地址', 'Endpoint'), kind: 'string', maxLength: 500 },
    bucketName: { label: zhEn('空间名', 'Bucket'), kind: 'string', maxLength: 255 },
    accessKey: { label: zhEn('accessKey', 'Access key'), kind: 'string', maxLength: 255, column: false },
    secretKey: { label: zhEn('secretKey', 'Secret key'), kind: 'password', maxLength: 500, sealed: true },
    region: { label: zhEn('地域', 'Region'), kind: 'string', maxLength: 64, column: false },
    appId: { label: zhEn('appId', 'App id'), kind: 'string', maxLength: 64, column: false },
    status: enabledStatus,
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'ossCode', message: zhEn('资源编号已存在', 'The code already exists') }],
  actions: [{ name: 'enable', label: zhEn('启用', 'Enable'), permission: 'oss_enable', path: 'enable', on: 'row', idsParam: 'id', done: OSS_MESSAGES.enabled }],
});

/**
 * Attachments (附件管理): every stored file of the tenant, made by uploads (the page's 上传).
 * Its link is signed in every answer; removing one removes its bytes.
 */
export const attachResource = defineResource({
  name: 'attach',
  title: zhEn('附件管理', 'Attachments'),
  basePath: '/us-resource/attach',
  permissions: { add: 'attach_add', edit: 'attach_edit', delete: 'attach_delete', view: 'attach_view' },
  page: { path: '/resource/attach', icon: 'paper-clip' },
  labelField: 'originalName',
  noAdd: true,
  fields: {
    originalName: { label: zhEn('附件原名', 'Name'), kind: 'string', required: zhEn('请输入附件原名', 'Please enter the name'), maxLength: 200, search: 'like' },
    name: { label: zhEn('存储名称', 'Stored as'), kind: 'string', maxLength: 100, readonly: true, form: false },
    extension: { label: zhEn('扩展名', 'Extension'), kind: 'string', maxLength: 16, readonly: true, form: false, search: 'eq', width: 90 },
    attachSize: { label: zhEn('大小 (字节)', 'Size (bytes)'), kind: 'number', readonly: true, form: false, width: 120 },
    link: { label: zhEn('附件地址', 'Link'), kind: 'string', readonly: true, form: false },
    ossId: { label: zhEn('存储位置', 'Stored in'), kind: 'ref', ref: { resource: 'oss', basePath: '/us-resource/oss' }, readonly: true, form: false },
    createTime: { label: zhEn('上传时间', 'Uploaded'), kind: 'date', readonly: true, form: false, search: 'range', width: 170 },
  },
});

/** This module's resources (the catalogue collects them). */
export const resources = [ossResource, attachResource];
