import { inArray } from 'drizzle-orm';
import { modelPrototype } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest } from '../../platform/envelope';
import type { Scope } from '../../platform/scope';
import { datasourceOf, onDatasource, tableInfo } from './catalogue';
import { pascal } from './generator/names';

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
 * Data models: the code and class name what the generator will need, the table must be one the
 * datasource has. A model moved to another table or datasource loses its design (it was of the
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
        if (!existing || table !== existing.modelTable || source !== datasourceOf(existing.datasourceId as number | null)) await tableOf(ctx, scope, source, table, 'modelTable');
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
