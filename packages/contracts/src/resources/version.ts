import { defineResource, zhEn } from '../resource';
import { publishAction, publishStatusField } from './publishing';

const BASE = '/us-system/version-manage';

/** How a version is introduced to each user once: the release notes as a carousel, or a tour of the page. */
export const GUIDE_TYPES = { all: 'all', step: 'step' } as const;

/** 产品版本: the product's versions (the platform's, for every tenant), each with its guide. */
export const versionResource = defineResource({
  name: 'version',
  title: zhEn('产品版本', 'Product versions'),
  basePath: BASE,
  tenancy: 'global',
  permissions: { add: 'version_add', edit: 'version_edit', delete: 'version_delete', view: 'version_view' },
  page: { path: '/system/version', icon: 'gift' },
  labelField: 'versionNo',
  formWidth: 880,
  fields: {
    versionNo: { label: zhEn('版本号', 'Version'), kind: 'string', required: zhEn('请输入版本号', 'Please enter the version'), maxLength: 32, search: 'like', width: 120 },
    title: { label: zhEn('版本标题', 'Title'), kind: 'string', required: zhEn('请输入版本标题', 'Please enter the title'), maxLength: 200, search: 'like' },
    guideType: {
      label: zhEn('引导方式', 'Guide'),
      kind: 'select',
      required: zhEn('请选择引导方式', 'Please choose the guide'),
      default: GUIDE_TYPES.all,
      width: 120,
      options: [
        { value: GUIDE_TYPES.all, label: zhEn('更新说明', 'Release notes') },
        { value: GUIDE_TYPES.step, label: zhEn('分步引导', 'Step tour') },
      ],
    },
    pushTime: { label: zhEn('更新日期', 'Update date'), kind: 'date', dateOnly: true, required: zhEn('请选择更新日期', 'Please choose the update date') },
    showContent: { label: zhEn('显示说明', 'Show the notes'), kind: 'switch', default: 1, column: false },
    content: { label: zhEn('更新说明', 'Notes'), kind: 'richText', maxLength: 100_000, column: false },
    publishStatus: publishStatusField,
  },
  unique: [{ field: 'versionNo', message: zhEn('版本号已存在', 'The version already exists') }],
  actions: [publishAction('version', zhEn('发布后每位用户下次进入工作台时会看到本版本的引导, 确定发布?', 'Everyone sees this guide once at their next visit. Publish?'))],
});

/** A step of a version's guide (the child rows of 产品版本). */
export const versionStepResource = defineResource({
  name: 'versionstep',
  menu: 'version',
  title: zhEn('引导步骤', 'Guide steps'),
  basePath: `${BASE}/step`,
  tenancy: 'global',
  permissions: { add: 'version_add', edit: 'version_edit', delete: 'version_delete', view: 'version_view' },
  parent: { resource: 'version', field: 'versionId' },
  labelField: 'content',
  fields: {
    versionId: {
      label: zhEn('版本', 'Version'),
      kind: 'ref',
      ref: { resource: 'version', basePath: BASE },
      required: zhEn('请选择版本', 'Please choose the version'),
      column: false,
      search: 'eq',
    },
    sort: { label: zhEn('顺序', 'Order'), kind: 'number', required: zhEn('请输入顺序', 'Please enter the order'), default: 1, width: 70 },
    content: { label: zhEn('步骤说明', 'Text'), kind: 'text', required: zhEn('请输入步骤说明', 'Please enter the text'), maxLength: 500 },
    pageTag: { label: zhEn('页面元素', 'Element'), kind: 'string', maxLength: 200, width: 160 },
    stepImg: { label: zhEn('步骤图片', 'Picture'), kind: 'image', maxLength: 500, column: false },
    serverName: { label: zhEn('子应用', 'Sub-app'), kind: 'string', maxLength: 64, column: false },
    menuTag: { label: zhEn('菜单', 'Menu'), kind: 'string', maxLength: 200, column: false },
  },
});

export const resources = [versionResource, versionStepResource];
