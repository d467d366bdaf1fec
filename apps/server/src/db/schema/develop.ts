import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/**
 * Development tools (研发工具): the platform's, like datasources, so no tenant_id.
 * A data model names a table of a datasource (none: this product's database).
 */
export const developModel = pgTable(
  'develop_model',
  {
    id: id(),
    datasourceId: ref('datasource_id'),
    modelName: varchar('model_name', { length: 100 }).notNull(),
    modelCode: varchar('model_code', { length: 64 }).notNull(),
    /** PostgreSQL names are at most 63 bytes */
    modelTable: varchar('model_table', { length: 63 }).notNull(),
    modelClass: varchar('model_class', { length: 64 }).notNull().default(''),
    modelRemark: varchar('model_remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [
    uniqueIndex('develop_model_code_uq')
      .on(t.modelCode)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/**
 * A model's columns as designed: what the catalogue said when the design was saved and the
 * designer's choices. The rows belong to their model and are replaced as a whole by each save
 * (model-prototype/submit-list), so they are deleted, not marked.
 */
export const modelPrototype = pgTable(
  'develop_model_prototype',
  {
    id: id(),
    modelId: ref('model_id').notNull(),
    jdbcName: varchar('jdbc_name', { length: 63 }).notNull(),
    jdbcType: varchar('jdbc_type', { length: 100 }).notNull(),
    jdbcComment: varchar('jdbc_comment', { length: 255 }).notNull().default(''),
    isNullable: integer('is_nullable').notNull().default(1),
    /** a default expression may be long: it is copied as it is into the generated table */
    jdbcDefault: text('jdbc_default').notNull().default(''),
    isPk: integer('is_pk').notNull().default(0),
    propertyName: varchar('property_name', { length: 64 }).notNull(),
    propertyType: varchar('property_type', { length: 16 }).notNull(),
    componentType: varchar('component_type', { length: 16 }).notNull(),
    dictCode: varchar('dict_code', { length: 64 }).notNull().default(''),
    isList: integer('is_list').notNull().default(0),
    isForm: integer('is_form').notNull().default(0),
    isRequired: integer('is_required').notNull().default(0),
    isQuery: integer('is_query').notNull().default(0),
    queryType: varchar('query_type', { length: 8 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    updateUser: ref('update_user'),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('develop_model_prototype_column_uq').on(t.modelId, t.jdbcName)],
);

/** A code generator row: a model and how to generate this product's files for it. */
export const developCode = pgTable('develop_code', {
  id: id(),
  modelId: ref('model_id').notNull(),
  datasourceId: ref('datasource_id'),
  serviceName: varchar('service_name', { length: 64 }).notNull(),
  codeName: varchar('code_name', { length: 64 }).notNull(),
  tableName: varchar('table_name', { length: 63 }).notNull(),
  tablePrefix: varchar('table_prefix', { length: 32 }).notNull().default(''),
  pkName: varchar('pk_name', { length: 63 }).notNull().default('id'),
  packageName: varchar('package_name', { length: 64 }).notNull(),
  baseMode: integer('base_mode').notNull().default(1),
  wrapMode: integer('wrap_mode').notNull().default(0),
  apiPath: varchar('api_path', { length: 200 }).notNull(),
  webPath: varchar('web_path', { length: 200 }).notNull(),
  ...audit,
});
