import { count, eq, inArray } from 'drizzle-orm';
import { DESIGN_LIMITS, type TableInfo } from '@wb/contracts/resources/develop';
import { developModel, modelPrototype } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest } from '../../platform/envelope';
import type { Scope } from '../../platform/scope';
import { datasourceOf, onDatasource, tableInfo } from './catalogue';
import { savedPrototypes } from './designs';
import { pascal } from './generator/names';
import { checkNewTableName, designedColumns } from './new-tables';

/** The model's code names the generated resource, its menu and its buttons: a camelCase name. */
export const MODEL_CODE = /^[a-z][A-Za-z0-9]*$/;
const MODEL_CLASS = /^[A-Z][A-Za-z0-9]*$/;
/** A table name as it is written unquoted (quoted mixed case works too: it is always quoted). */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The table of a datasource (none: this product's database), or a 400 naming `field` when there is none. */
export async function tableOf(ctx: AppContext, scope: Scope, datasourceId: number | null, name: string, field: string) {
  const info = await onDatasource(ctx, scope, datasourceId, (run) => tableInfo(run, name));
  if (!info) throw badRequest(`表 ${name} 不存在${datasourceId === null ? '于本系统数据库' : '于所选数据源'}`, field);
  return info;
}

/**
 * The table a model is of: the datasource's, as its catalogue says; or, for a model of this
 * product's database whose table is not there yet, the table its design makes (`designed`).
 */
export async function modelTable(
  ctx: AppContext,
  scope: Scope,
  model: { id: number; datasourceId: number | null; modelTable: string },
  field: string,
): Promise<{ table: TableInfo; designed: boolean }> {
  const source = datasourceOf(model.datasourceId);
  if (source !== null) return { table: await tableOf(ctx, scope, source, model.modelTable, field), designed: false };
  const found = await onDatasource(ctx, scope, null, (run) => tableInfo(run, model.modelTable));
  if (found) return { table: found, designed: false };
  return { table: { name: model.modelTable, comment: '', fields: designedColumns(await savedPrototypes(ctx.database.db, model.id)) }, designed: true };
}

/**
 * Data models: the code and class name what the generator will need; the table is one the
 * datasource has or, in this product's database, a new table designed first (its name then one
 * the generated migration can create). A model moved to another table or datasource loses its design (it was of the
 * other table), and a removed model's design goes with it.
 */
export function modelOptions(ctx: AppContext): ResourceOptions {
  const deletePrototypes = async (db: AppContext['database']['db'], ids: number[]) => {
    if (ids.length) await db.delete(modelPrototype).where(inArray(modelPrototype.modelId, ids));
  };
  return {
    hooks: {
      async beforeSubmit({ scope }, values, existing) {
        if (values.modelCode !== undefined && !MODEL_CODE.test(String(values.modelCode))) throw badRequest('模型编号须以小写字母开头, 只含字母和数字 (如 noticeBoard)', 'modelCode');
        if (!existing && !values.modelClass) values.modelClass = pascal(String(values.modelCode));
        if (values.modelClass && !MODEL_CLASS.test(String(values.modelClass))) throw badRequest('模型类名须以大写字母开头, 只含字母和数字 (如 NoticeBoard)', 'modelClass');
        if (values.modelTable !== undefined && !TABLE_NAME.test(String(values.modelTable))) throw badRequest('物理表名只能包含字母、数字和下划线', 'modelTable');
        const table = String(values.modelTable ?? existing?.modelTable);
        const source = datasourceOf(('datasourceId' in values ? values.datasourceId : existing?.datasourceId) as number | null | undefined);
        if (!existing) {
          // the models are the platform's: bounded, as anything a request adds to for ever
          const [{ n }] = await ctx.database.db.select({ n: count() }).from(developModel).where(eq(developModel.isDeleted, 0));
          if (n >= DESIGN_LIMITS.models) throw badRequest(`数据模型最多 ${DESIGN_LIMITS.models} 个, 请先删除不用的模型`, 'modelCode');
        }
        if (existing && table === existing.modelTable && source === datasourceOf(existing.datasourceId as number | null)) return;
        if (source !== null) await tableOf(ctx, scope, source, table, 'modelTable');
        else if (!(await onDatasource(ctx, scope, null, (run) => tableInfo(run, table)))) checkNewTableName(table, 'modelTable');
      },
      async afterSubmit({ db }, row, _isNew, existing) {
        if (existing && (existing.modelTable !== row.modelTable || datasourceOf(existing.datasourceId as number | null) !== datasourceOf(row.datasourceId as number | null)))
          await deletePrototypes(db, [Number(row.id)]);
      },
      async afterRemove({ db }, rows) {
        await deletePrototypes(
          db,
          rows.map((r) => Number(r.id)),
        );
      },
    },
  };
}
