import { defineResource, type Text, zhEn, REMARK_FIELD } from '../resource';

/**
 * Development tools (admin spec §2 tool, §7 'Development tools'): data models read from the
 * tables of a datasource (数据模型) and the code generator (代码生成) that turns a designed model
 * into what this product needs for a new entity. Field names are the family's (BladeX's Model,
 * ModelPrototype and Code). Models and code rows are the platform's, as datasources are: shared
 * by every tenant, written by the default tenant only.
 */
const DEV = '/us-develop';
const datasourceRef = { resource: 'datasource', basePath: `${DEV}/datasource` } as const;

/** The calls beyond each resource's list, detail, submit and remove. */
export const DEVELOP_PATHS = {
  tableList: `${DEV}/model/table-list`,
  tableInfo: `${DEV}/model/table-info`,
  modelPrototype: `${DEV}/model/model-prototype`,
  prototypeSubmitList: `${DEV}/model-prototype/submit-list`,
  prototypeSelect: `${DEV}/model-prototype/select`,
  genCode: `${DEV}/code/gen-code`,
  /** beyond the catalogue: the files gen-code would zip, as JSON, for the page's preview */
  preview: `${DEV}/code/preview`,
} as const;

/** Button codes of the pages' own calls (seeded with their menus). */
export const DEVELOP_CODES = {
  design: 'model_design',
  generate: 'code_gen',
  copy: 'code_copy',
} as const;

/**
 * Who the generated code is for (gen-code's `system`): the family chose a front-end template
 * (saber, sword …); this product has one shape, its own (a definition, a table, a migration).
 */
export const CODE_SYSTEMS = ['workbench'] as const;
export type CodeSystem = (typeof CODE_SYSTEMS)[number];

/** How a designed column is edited in the generated form; each becomes a field kind. */
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'switch', 'date', 'select'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const COMPONENT_LABELS: Record<ComponentType, Text> = {
  input: zhEn('单行文本', 'Text'),
  textarea: zhEn('多行文本', 'Text area'),
  number: zhEn('数字', 'Number'),
  switch: zhEn('开关', 'Switch'),
  date: zhEn('日期时间', 'Date'),
  select: zhEn('字典下拉', 'Dictionary'),
};

/** How a searched column is matched: a substring, the whole value, a date between two. */
export const QUERY_TYPES = ['like', 'eq', 'range'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];
export const QUERY_LABELS: Record<QueryType, Text> = {
  like: zhEn('模糊', 'Contains'),
  eq: zhEn('等于', 'Equals'),
  range: zhEn('区间', 'Between'),
};

/**
 * The types a column of a new table can have: a model may name a table that does not exist yet in
 * this product's database, its columns then designed by hand (design first), and the generated
 * migration creates it. Only types the resource framework holds as fields; `length` is a varchar's.
 */
export const FIELD_TYPES = ['varchar', 'text', 'integer', 'bigint', 'boolean', 'date', 'timestamp'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, Text> = {
  varchar: zhEn('字符串', 'String'),
  text: zhEn('长文本', 'Long text'),
  integer: zhEn('整数', 'Integer'),
  bigint: zhEn('长整数', 'Big integer'),
  boolean: zhEn('是否', 'Yes/no'),
  date: zhEn('日期', 'Date'),
  timestamp: zhEn('日期时间', 'Date and time'),
};
/** The component a new column of the type starts with in the designer. */
export const FIELD_TYPE_COMPONENTS: Record<FieldType, ComponentType> = {
  varchar: 'input',
  text: 'textarea',
  integer: 'number',
  bigint: 'number',
  boolean: 'switch',
  date: 'date',
  timestamp: 'date',
};
/**
 * Bounds of a designed table: its columns beyond the key and tenant, a varchar's length; and of
 * the models (the platform's, written by the default tenant only).
 */
export const DESIGN_LIMITS = { fields: 100, defaultLength: 255, maxLength: 4000, models: 500 } as const;

/** A designed column's PostgreSQL type as the catalogue writes it (what a model of a real table holds). */
export function jdbcTypeOf(type: FieldType, length?: number): string {
  if (type === 'varchar') return `character varying(${length ?? DESIGN_LIMITS.defaultLength})`;
  if (type === 'timestamp') return 'timestamp with time zone';
  return type;
}

/** The designer's type and length of a saved column, or undefined for a type a design cannot choose. */
export function fieldTypeOf(jdbcType: string): { fieldType: FieldType; fieldLength?: number } | undefined {
  const varchar = /^character varying\((\d+)\)$/.exec(jdbcType);
  if (varchar) return { fieldType: 'varchar', fieldLength: Number(varchar[1]) };
  if (jdbcType === 'timestamp with time zone') return { fieldType: 'timestamp' };
  return FIELD_TYPES.find((t) => t !== 'varchar' && t !== 'timestamp' && t === jdbcType) ? { fieldType: jdbcType as FieldType } : undefined;
}

/** Columns the resource framework keeps itself (the audit columns, the tenant): never a field of a generated form. */
export const AUDIT_COLUMNS = ['create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted'] as const;
export const TENANT_COLUMN = 'tenant_id';
/** Whether the framework keeps the column (or it is the key): the designer cannot show it. */
export const keptByFramework = (c: { jdbcName: string; isPk: 0 | 1 }): boolean =>
  c.isPk === 1 || c.jdbcName === TENANT_COLUMN || (AUDIT_COLUMNS as readonly string[]).includes(c.jdbcName);

/** A table of a datasource (table-list). */
export interface TableSummary {
  name: string;
  comment: string;
}

/** A column as the database catalogue describes it, with the property it becomes. */
export interface TableColumn {
  name: string;
  /** as PostgreSQL writes it: 'character varying(200)', 'bigint', 'timestamp with time zone' */
  type: string;
  comment: string;
  isNullable: 0 | 1;
  /** the default expression ('' for none): '0', 'now()', '''x''::text' */
  jdbcDefault: string;
  isPk: 0 | 1;
  propertyName: string;
  /** the TypeScript type the column's values have: string, number, boolean, Date, unknown */
  propertyType: string;
}

/** table-info: one table and its columns in their order. */
export interface TableInfo extends TableSummary {
  fields: TableColumn[];
}

/**
 * One column of a model as designed (model-prototype, model-prototype/select): what the
 * catalogue says (jdbc*, isNullable, isPk, property*) and what the designer chose (label,
 * component, dictionary, list, form, required, search).
 */
export interface ModelPrototype {
  /** '' while the design is not saved */
  id: string;
  modelId: string;
  jdbcName: string;
  jdbcType: string;
  /** the label of the generated field (the column's comment to start with) */
  jdbcComment: string;
  isNullable: 0 | 1;
  jdbcDefault: string;
  isPk: 0 | 1;
  propertyName: string;
  propertyType: string;
  componentType: ComponentType;
  /** the system dictionary a 'select' takes its items from */
  dictCode: string;
  isList: 0 | 1;
  isForm: 0 | 1;
  isRequired: 0 | 1;
  isQuery: 0 | 1;
  queryType: QueryType | '';
  sort: number;
}

/**
 * What model-prototype/submit-list takes per column: the designer's choices; the rest is read from
 * the table. A model whose table does not exist yet also sends each column's type and length
 * (ignored for a real table: its catalogue says).
 */
export type PrototypeDesign = Pick<
  ModelPrototype,
  'modelId' | 'jdbcName' | 'jdbcComment' | 'componentType' | 'dictCode' | 'isList' | 'isForm' | 'isRequired' | 'isQuery' | 'queryType' | 'sort'
> & { id?: string; fieldType?: FieldType; fieldLength?: number };

/** A file the generator writes, by its path from the project's root. */
export interface GeneratedFile {
  path: string;
  content: string;
}

export const DEVELOP_MESSAGES = {
  ownDatabase: zhEn('本系统数据库', 'This product’s database'),
  modelCodeTaken: zhEn('模型编号已存在', 'The model code already exists'),
} as const;

export const modelResource = defineResource({
  name: 'model',
  title: zhEn('数据模型', 'Data models'),
  basePath: `${DEV}/model`,
  permissions: { add: 'model_add', edit: 'model_edit', delete: 'model_delete', view: 'model_view' },
  page: { path: '/tool/model', icon: 'cluster' },
  tenancy: 'global',
  labelField: 'modelName',
  fields: {
    // none: the product's own database
    datasourceId: { label: zhEn('数据源', 'Datasource'), kind: 'ref', ref: datasourceRef, width: 150 },
    modelName: { label: zhEn('模型名称', 'Name'), kind: 'string', required: zhEn('请输入模型名称', 'Please enter the name'), maxLength: 100, search: 'like' },
    modelCode: { label: zhEn('模型编号', 'Code'), kind: 'string', required: zhEn('请输入模型编号', 'Please enter the code'), maxLength: 64, search: 'like' },
    modelTable: { label: zhEn('物理表名', 'Table'), kind: 'string', required: zhEn('请输入物理表名', 'Please enter the table'), maxLength: 63, search: 'like' },
    modelClass: { label: zhEn('模型类名', 'Class'), kind: 'string', maxLength: 64 },
    modelRemark: { ...REMARK_FIELD, label: zhEn('模型备注', 'Remark') },
  },
  unique: [{ field: 'modelCode', message: DEVELOP_MESSAGES.modelCodeTaken }],
  buttons: [{ code: DEVELOP_CODES.design, label: zhEn('设计', 'Design') }],
});

export const codeResource = defineResource({
  name: 'code',
  title: zhEn('代码生成', 'Code generator'),
  basePath: `${DEV}/code`,
  permissions: { add: 'code_add', edit: 'code_edit', delete: 'code_delete', view: 'code_view' },
  page: { path: '/tool/code', icon: 'api' },
  tenancy: 'global',
  labelField: 'codeName',
  formWidth: 880,
  fields: {
    modelId: { label: zhEn('数据模型', 'Model'), kind: 'ref', ref: { resource: 'model', basePath: `${DEV}/model` }, required: zhEn('请选择数据模型', 'Please choose the model') },
    codeName: { label: zhEn('模块名称', 'Module name'), kind: 'string', required: zhEn('请输入模块名称', 'Please enter the module name'), maxLength: 64, search: 'like' },
    serviceName: { label: zhEn('服务名称', 'Service'), kind: 'string', required: zhEn('请输入服务名称', 'Please enter the service'), maxLength: 64, search: 'like' },
    packageName: { label: zhEn('包名', 'Package'), kind: 'string', required: zhEn('请输入包名', 'Please enter the package'), maxLength: 64 },
    // taken from the model when the row is saved
    datasourceId: { label: zhEn('数据源', 'Datasource'), kind: 'ref', ref: datasourceRef, readonly: true, form: false, column: false },
    tableName: { label: zhEn('表名', 'Table'), kind: 'string', maxLength: 63, readonly: true, form: false },
    tablePrefix: { label: zhEn('表前缀', 'Table prefix'), kind: 'string', maxLength: 32, column: false },
    pkName: { label: zhEn('主键名', 'Primary key'), kind: 'string', required: zhEn('请输入主键名', 'Please enter the primary key'), maxLength: 63, default: 'id', column: false },
    baseMode: { label: zhEn('基础业务', 'Audit columns'), kind: 'switch', default: 1, column: false },
    wrapMode: { label: zhEn('包装器', 'Server options'), kind: 'switch', default: 0, column: false },
    // empty: made from the service (apiPath) or the package (webPath) and the model's code
    apiPath: { label: zhEn('接口路径', 'API path'), kind: 'string', maxLength: 200 },
    webPath: { label: zhEn('页面路径', 'Page path'), kind: 'string', maxLength: 200 },
  },
  actions: [{ name: 'copy', label: zhEn('复制', 'Copy'), permission: DEVELOP_CODES.copy, path: 'copy', on: 'row', idsParam: 'id' }],
  buttons: [{ code: DEVELOP_CODES.generate, label: zhEn('生成', 'Generate') }],
});

/** This module's resources (the catalogue collects them), in menu order: 代码生成, 数据模型. */
export const resources = [codeResource, modelResource];
