import type { ActionDef, FieldDef, Text } from '../resource';

/** Records that are drafts until published (announcements, versions): their state, and the row action that publishes. */
export const publishStatusField = {
  label: { zh: '状态', en: 'Status' },
  kind: 'select',
  readonly: true,
  form: false,
  width: 90,
  options: [
    { value: 0, label: { zh: '草稿', en: 'Draft' } },
    { value: 1, label: { zh: '已发布', en: 'Published' } },
  ],
} satisfies FieldDef;

export const PUBLISHED = { zh: '发布成功', en: 'Published' } as const;

/** 发布 on a row, guarded by `<resource>_publish`, after `confirm`. */
export const publishAction = (resource: string, confirm: Text): ActionDef => ({
  name: 'publish',
  label: { zh: '发布', en: 'Publish' },
  permission: `${resource}_publish`,
  path: 'publish',
  on: 'row',
  confirm,
  done: PUBLISHED,
});
