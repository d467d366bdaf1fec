import { COMPONENT_LABELS, DEVELOP_MESSAGES, FIELD_TYPE_LABELS, QUERY_LABELS } from '@wb/contracts/resources/develop';
import { i18n } from '../../shared/i18n/i18n';

/**
 * Texts of 数据模型's and 代码生成's own dialogs (the lists' come from the definitions),
 * registered when the first of the pages loads. Component and search names come from the contract.
 */
const labels = <K extends string>(texts: Record<K, { zh: string; en: string }>, lang: 'zh' | 'en') =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, (v as { zh: string; en: string })[lang]]));

const zh = {
  develop: {
    pickTable: '选择表',
    pickTitle: '从数据源的表新建模型',
    datasource: '数据源',
    ownDatabase: DEVELOP_MESSAGES.ownDatabase.zh,
    table: '表',
    tableRequired: '请选择表',
    modelName: '模型名称',
    modelNameRequired: '请输入模型名称',
    modelCode: '模型编号',
    modelCodeRequired: '请输入模型编号',
    modelCodeHint: '生成的资源名称、菜单编号和按钮编号的前缀, 如 noticeBoard',
    created: '新增成功',
    design: '设计',
    designTitle: '设计模型',
    designHint: '每一列在生成的列表和表单中的样子; 主键、租户和审计列由框架维护',
    newTableHint: '新表: 本系统数据库还没有这张表。在此设计它的字段, 生成的代码中的迁移脚本 (codegen/…/migration.sql) 会创建它; 主键 id、租户和审计列由框架维护',
    length: '长度',
    addField: '添加字段',
    removeField: '删除字段',
    column: '列名',
    type: '类型',
    label: '显示名称',
    component: '组件',
    dictCode: '字典编号',
    listed: '列表',
    form: '表单',
    required: '必填',
    searched: '查询',
    queryType: '查询方式',
    save: '保存',
    saved: '保存成功',
    generate: '生成',
    preview: '预览',
    previewTitle: '预览代码',
    generated: '已生成',
    components: labels(COMPONENT_LABELS, 'zh'),
    fieldTypes: labels(FIELD_TYPE_LABELS, 'zh'),
    queries: labels(QUERY_LABELS, 'zh'),
  },
};
const en: typeof zh = {
  develop: {
    pickTable: 'Pick a table',
    pickTitle: 'A model from a datasource’s table',
    datasource: 'Datasource',
    ownDatabase: DEVELOP_MESSAGES.ownDatabase.en,
    table: 'Table',
    tableRequired: 'Please choose the table',
    modelName: 'Name',
    modelNameRequired: 'Please enter the name',
    modelCode: 'Code',
    modelCodeRequired: 'Please enter the code',
    modelCodeHint: 'The generated resource’s name, menu code and button prefix, as noticeBoard',
    created: 'Added',
    design: 'Design',
    designTitle: 'Design the model',
    designHint: 'How each column shows in the generated list and form; key, tenant and audit columns are the framework’s',
    newTableHint:
      'A new table: this product’s database has no such table yet. Design its fields here; the migration in the generated code (codegen/…/migration.sql) creates it. The key id, the tenant and the audit columns are the framework’s',
    length: 'Length',
    addField: 'Add a field',
    removeField: 'Remove the field',
    column: 'Column',
    type: 'Type',
    label: 'Label',
    component: 'Component',
    dictCode: 'Dictionary',
    listed: 'List',
    form: 'Form',
    required: 'Required',
    searched: 'Search',
    queryType: 'Match',
    save: 'Save',
    saved: 'Saved',
    generate: 'Generate',
    preview: 'Preview',
    previewTitle: 'Generated code',
    generated: 'Generated',
    components: labels(COMPONENT_LABELS, 'en'),
    fieldTypes: labels(FIELD_TYPE_LABELS, 'en'),
    queries: labels(QUERY_LABELS, 'en'),
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
