import { Type } from '@sinclair/typebox';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COMPONENT_TYPES, DESIGN_LIMITS, DEVELOP_CODES, DEVELOP_PATHS, FIELD_TYPES, modelResource, QUERY_TYPES, type PrototypeDesign } from '@wb/contracts/resources/develop';
import { menuOf } from '@wb/contracts/resource';
import { dict } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, notFound, ok } from '../../platform/envelope';
import { CodeText, IdText } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';
import { datasourceOf, onDatasource, tableList } from './catalogue';
import { modelById } from './codes';
import { savedPrototypes, saveDesign } from './designs';
import { modelTable, tableOf, TABLE_NAME } from './models';
import { newTableColumns } from './new-tables';
import { checkDesign, mergedPrototypes } from './prototypes';

/**
 * The model's calls beyond its list and form (admin spec §7 'Development tools'): the tables of a
 * datasource and their columns, and a model's design. Reading a datasource's catalogue connects
 * with its sealed password, so those reads are the platform's, like writing the models: the default
 * tenant only. A saved design is read by whoever reads the models.
 */

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const TableSummarySchema = Type.Object({ name: Type.String(), comment: Type.String() });
const TableColumnSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  comment: Type.String(),
  isNullable: Flag,
  jdbcDefault: Type.String(),
  isPk: Flag,
  propertyName: Type.String(),
  propertyType: Type.String(),
});
const PrototypeSchema = Type.Object({
  id: Type.String(),
  modelId: Type.String(),
  jdbcName: Type.String(),
  jdbcType: Type.String(),
  jdbcComment: Type.String(),
  isNullable: Flag,
  jdbcDefault: Type.String(),
  isPk: Flag,
  propertyName: Type.String(),
  propertyType: Type.String(),
  componentType: Type.String(),
  dictCode: Type.String(),
  isList: Flag,
  isForm: Flag,
  isRequired: Flag,
  isQuery: Flag,
  queryType: Type.String(),
  sort: Type.Integer(),
});
/** What the designer sends per column; what the catalogue says (type, nullability …) is read again, never taken from the client. */
const DesignSchema = Type.Object(
  {
    id: Type.Optional(Type.Union([IdText(), Type.Literal('')])),
    modelId: IdText(),
    jdbcName: Type.String({ pattern: TABLE_NAME.source, maxLength: 63 }),
    jdbcComment: Type.String({ maxLength: 255 }),
    componentType: Type.Union(COMPONENT_TYPES.map((c) => Type.Literal(c))),
    dictCode: Type.Optional(Type.Union([CodeText(), Type.Literal('')])),
    isList: Flag,
    isForm: Flag,
    isRequired: Flag,
    isQuery: Flag,
    queryType: Type.Optional(Type.Union([...QUERY_TYPES.map((q) => Type.Literal(q)), Type.Literal('')])),
    sort: Type.Integer({ minimum: 0, maximum: 100_000 }),
    // a new table's column only (design first): a real table's type is its catalogue's
    fieldType: Type.Optional(Type.Union(FIELD_TYPES.map((f) => Type.Literal(f)))),
    fieldLength: Type.Optional(Type.Integer({ minimum: 1, maximum: DESIGN_LIMITS.maxLength })),
  },
  { additionalProperties: false },
);
/** '' or 0: this product's database. */
const DatasourceParam = Type.Optional(Type.Union([IdText(), Type.Literal('')], { description: '数据源 id; 空或 0: 本系统数据库' }));
const FIELDS = {
  datasourceId: { label: '数据源' },
  modelId: { label: '数据模型', required: '请选择数据模型' },
  tableName: { label: '表名', required: '请选择表' },
  jdbcName: { label: '列名' },
  jdbcComment: { label: '显示名称' },
  fieldType: { label: '类型' },
  fieldLength: { label: '长度' },
  componentType: { label: '组件' },
  dictCode: { label: '字典编号' },
  queryType: { label: '查询方式' },
  sort: { label: '排序' },
};

export function modelRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const tags = [modelResource.title.zh];
    const menu = menuOf(modelResource);
    const catalogue = { permission: menu, platform: true, fieldMessages: FIELDS };

    /** The model, and the datasource a call names: it must be the model's own. */
    const modelAnd = async (req: Parameters<typeof scopeOf>[0], modelId: string, given: string | undefined) => {
      const model = await modelById(db, scopeOf(req), Number(modelId));
      if (!model) throw notFound('数据模型不存在');
      const source = datasourceOf(model.datasourceId);
      if (given !== undefined && datasourceOf(given) !== source) throw badRequest('数据源与数据模型的数据源不同', 'datasourceId');
      return { model, source };
    };

    app.get(DEVELOP_PATHS.tableList, {
      schema: {
        tags,
        summary: '数据模型: 数据源的表 (空: 本系统数据库)',
        querystring: Type.Object({ datasourceId: DatasourceParam }),
        response: { 200: Envelope(Type.Array(TableSummarySchema)) },
      },
      config: catalogue,
      handler: async (req) => {
        const { datasourceId } = req.query as { datasourceId?: string };
        return ok(await onDatasource(ctx, scopeOf(req), datasourceOf(datasourceId), tableList));
      },
    });

    app.get(DEVELOP_PATHS.tableInfo, {
      schema: {
        tags,
        summary: '数据模型: 一张表及其列 (modelId, 或 tableName 与 datasourceId)',
        querystring: Type.Object({
          modelId: Type.Optional(IdText()),
          tableName: Type.Optional(Type.String({ pattern: TABLE_NAME.source, maxLength: 63 })),
          datasourceId: DatasourceParam,
        }),
        response: { 200: Envelope(Type.Object({ ...TableSummarySchema.properties, fields: Type.Array(TableColumnSchema) })) },
      },
      config: catalogue,
      handler: async (req) => {
        const q = req.query as { modelId?: string; tableName?: string; datasourceId?: string };
        if (q.modelId) {
          const { model, source } = await modelAnd(req, q.modelId, q.datasourceId);
          return ok((await modelTable(ctx, scopeOf(req), { ...model, datasourceId: source }, 'modelId')).table);
        }
        if (!q.tableName) throw badRequest('请选择表', 'tableName');
        return ok(await tableOf(ctx, scopeOf(req), datasourceOf(q.datasourceId), q.tableName, 'tableName'));
      },
    });

    app.get(DEVELOP_PATHS.modelPrototype, {
      schema: {
        tags,
        summary: '数据模型: 表的每一列及其设计 (已保存的设计, 新列为默认值)',
        querystring: Type.Object({ modelId: IdText(), datasourceId: DatasourceParam }),
        response: { 200: Envelope(Type.Array(PrototypeSchema)) },
      },
      config: catalogue,
      handler: async (req) => {
        const q = req.query as { modelId: string; datasourceId?: string };
        const { model, source } = await modelAnd(req, q.modelId, q.datasourceId);
        const { table } = await modelTable(ctx, scopeOf(req), { ...model, datasourceId: source }, 'modelId');
        return ok(mergedPrototypes(table.fields, await savedPrototypes(db, model.id), String(model.id)));
      },
    });

    app.post(DEVELOP_PATHS.prototypeSubmitList, {
      schema: {
        tags,
        summary: '数据模型: 保存一个模型的设计 (每列一条, 整体替换)',
        body: Type.Array(DesignSchema, { minItems: 1, maxItems: 1000 }),
        response: { 200: Envelope(Type.Array(PrototypeSchema)) },
      },
      config: { permission: DEVELOP_CODES.design, platform: true, fieldMessages: FIELDS },
      handler: async (req) => {
        const designs = req.body as PrototypeDesign[];
        const { model, source } = await modelAnd(req, designs[0].modelId, undefined);
        const { table, designed } = await modelTable(ctx, scopeOf(req), { ...model, datasourceId: source }, 'modelId');
        // a new table's columns are what the design says; a real table's, what its catalogue says
        const columns = designed ? newTableColumns(designs) : table.fields;
        const dictCodes = designs.map((d) => d.dictCode?.trim()).filter((c): c is string => !!c);
        const known = new Set(
          dictCodes.length
            ? (
                await db
                  .selectDistinct({ code: dict.code })
                  .from(dict)
                  .where(visible(dict, scopeOf(req), and(eq(dict.parentId, 0), ne(dict.code, ''))))
              ).map((r) => r.code)
            : [],
        );
        const design = checkDesign(
          columns,
          designs.map((d) => ({ ...d, dictCode: d.dictCode ?? '', queryType: d.queryType ?? '' })),
          String(model.id),
          known,
        );
        // a new table's columns are in the order they are created: its sorts follow it
        if (designed) design.forEach((p, i) => (p.sort = i + 1));
        // a row keeps its id only when it is one of this model's: another's id would take that row's place
        const own = new Set((await savedPrototypes(db, model.id)).map((p) => p.id));
        const saved = await saveDesign(
          db,
          model.id,
          design.map((p) => (own.has(p.id) ? p : { ...p, id: '' })),
          caller(req).userId,
        );
        return ok(saved, '操作成功!');
      },
    });

    app.get(DEVELOP_PATHS.prototypeSelect, {
      schema: { tags, summary: '数据模型: 已保存的设计', querystring: Type.Object({ modelId: IdText() }), response: { 200: Envelope(Type.Array(PrototypeSchema)) } },
      config: { permission: menu, fieldMessages: FIELDS },
      handler: async (req) => {
        const { modelId } = req.query as { modelId: string };
        const model = await modelById(db, scopeOf(req), Number(modelId));
        if (!model) throw notFound('数据模型不存在');
        return ok(await savedPrototypes(db, model.id));
      },
    });
  };
}
