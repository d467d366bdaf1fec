import { asc, eq, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { codeResource } from '@wb/contracts/resources/develop';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import * as schema from '../../db/schema/index';
import { developCode, developModel, menu } from '../../db/schema/index';
import { topMenuSeeds } from '../../db/seed-menus';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import type { Row } from '../../platform/crud/wire';
import { ApiError, badRequest, notFound } from '../../platform/envelope';
import { visible, type Scope } from '../../platform/scope';
import { savedPrototypes } from './designs';
import { entityOf, type Entity } from './generator/entity';
import { kebab } from './generator/names';
import { TABLE_NAME } from './models';

/**
 * Code generator rows: the settings are checked when a row is saved and again when it is
 * generated (the product may have gained the same names since): names the generated files can
 * use, paths no resource or menu of this product has, a page under a group the menu seed knows,
 * a table the product does not already have. A row whose model is designed is also generated
 * once on save, so what gen-code would refuse is refused here, naming the field.
 */

const SERVICE = /^[a-z][a-z0-9-]*$/;
const PATH = /^(\/[a-z0-9][a-z0-9-]*){2,}$/;

/** The tables of this product: a model of one of them is already an entity. */
const PRODUCT_TABLES = new Set(
  Object.values(schema)
    .filter((v) => is(v, PgTable))
    .map((table) => getTableName(table as PgTable)),
);
/** The admin groups a resource's page joins (seed-menus.ts, withResourcePages). */
const PAGE_GROUPS = (topMenuSeeds.find((s) => s.code === 'system_admin')?.menus ?? []).map((m) => m.path);

type Model = typeof developModel.$inferSelect;

export async function modelById(db: Db, scope: Scope, id: number): Promise<Model | undefined> {
  const [m] = await db
    .select()
    .from(developModel)
    .where(visible(developModel, scope, eq(developModel.id, id)));
  return m;
}

/**
 * The row's settings checked and completed: the datasource and table taken from its model, the
 * paths made from the service or package and the model's code when left empty. Changes `row`.
 */
async function settle(db: Db, scope: Scope, row: Row): Promise<Model> {
  const model = await modelById(db, scope, Number(row.modelId));
  if (!model) throw badRequest('数据模型不存在', 'modelId');
  row.datasourceId = model.datasourceId;
  row.tableName = model.modelTable;
  const text = (k: string) => String(row[k] ?? '');
  if (!SERVICE.test(text('serviceName'))) throw badRequest('服务名称只能包含小写字母、数字和 -, 以字母开头 (如 us-desk)', 'serviceName');
  if (!SERVICE.test(text('packageName'))) throw badRequest('包名只能包含小写字母、数字和 -, 以字母开头 (如 desk)', 'packageName');
  if (!TABLE_NAME.test(text('pkName'))) throw badRequest('主键名只能包含字母、数字和下划线', 'pkName');
  if (text('tablePrefix') && !model.modelTable.startsWith(text('tablePrefix'))) throw badRequest(`表 ${model.modelTable} 不以 ${text('tablePrefix')} 开头`, 'tablePrefix');
  if (!text('apiPath')) row.apiPath = `/${text('serviceName')}/${kebab(model.modelCode)}`;
  if (!text('webPath')) row.webPath = `/${text('packageName')}/${kebab(model.modelCode)}`;
  if (!PATH.test(text('apiPath'))) throw badRequest('接口路径须为 /服务/资源 这样的小写路径 (如 /us-desk/notice-board)', 'apiPath');
  if (!PATH.test(text('webPath'))) throw badRequest('页面路径须为 /分组/页面 这样的小写路径 (如 /desk/notice-board)', 'webPath');

  const owner = (what: (d: (typeof RESOURCES)[number]) => string | undefined, value: string) => RESOURCES.find((d) => what(d) === value);
  const sameName = owner((d) => d.name, model.modelCode);
  if (sameName) throw badRequest(`数据模型的编号 ${model.modelCode} 已是本系统资源 ${sameName.title.zh} 的名称`, 'modelId');
  if (PRODUCT_TABLES.has(model.modelTable)) throw badRequest(`表 ${model.modelTable} 已是本系统的表, 不能再生成`, 'modelId');
  const sameApi = owner((d) => d.basePath, text('apiPath'));
  if (sameApi) throw badRequest(`接口路径 ${text('apiPath')} 已被 ${sameApi.title.zh} 使用`, 'apiPath');
  const group = `/${text('webPath').split('/')[1]}`;
  if (!PAGE_GROUPS.includes(group)) throw badRequest(`页面路径须在已有的菜单分组下: ${PAGE_GROUPS.join(', ')}`, 'webPath');
  const [usedPath] = await db
    .select({ name: menu.name })
    .from(menu)
    .where(visible(menu, scope, eq(menu.path, text('webPath'))))
    .limit(1);
  if (usedPath) throw badRequest(`页面路径 ${text('webPath')} 已是菜单 ${usedPath.name} 的路径`, 'webPath');
  return model;
}

/** The entity a code row generates, once its model is designed. */
async function entityFor(db: Db, row: Row, model: Model): Promise<Entity> {
  const prototypes = await savedPrototypes(db, model.id);
  const text = (k: string) => String(row[k] ?? '');
  return entityOf(
    {
      codeName: text('codeName'),
      serviceName: text('serviceName'),
      packageName: text('packageName'),
      tableName: text('tableName'),
      tablePrefix: text('tablePrefix'),
      pkName: text('pkName'),
      baseMode: Number(row.baseMode),
      wrapMode: Number(row.wrapMode),
      apiPath: text('apiPath'),
      webPath: text('webPath'),
    },
    model,
    prototypes,
  );
}

/** The entities of the chosen code rows, for gen-code and the preview; a row that cannot be generated is a 400 naming its field. */
export async function entitiesOf(db: Db, scope: Scope, ids: number[]): Promise<Entity[]> {
  const rows = (await db
    .select()
    .from(developCode)
    .where(visible(developCode, scope, inArray(developCode.id, ids)))
    .orderBy(asc(developCode.id))) as Row[];
  if (!rows.length) throw notFound('数据不存在');
  const entities: Entity[] = [];
  for (const row of rows) {
    // several rows may be generated at once: a refusal says which
    const model = await settle(db, scope, { ...row }).catch((err: unknown) => {
      throw err instanceof ApiError && err.statusCode === 400 ? badRequest(`${String(row.codeName)}: ${err.message}`, err.field) : err;
    });
    entities.push(await entityFor(db, { ...row }, model));
  }
  return entities;
}

/** Code rows: settled on save, and generated once when their model is designed; 复制 copies a row. */
export function codeOptions(ctx: AppContext): ResourceOptions {
  const { db } = ctx.database;
  return {
    hooks: {
      async beforeSubmit({ scope }, values, existing) {
        const row = { ...existing, ...values };
        const model = await settle(db, scope, row);
        for (const k of ['datasourceId', 'tableName', 'apiPath', 'webPath']) values[k] = row[k];
        if ((await savedPrototypes(db, model.id)).length) await entityFor(db, row, model);
      },
    },
    actions: {
      async copy({ keys, scope, user, store }) {
        const [row] = await store.findMany(scope, keys.slice(0, 1));
        if (!row) throw notFound('数据不存在');
        const values: Row = Object.fromEntries(Object.keys(codeResource.fields).map((k) => [k, row[k]]));
        values.codeName = `${String(row.codeName).slice(0, 64 - '-copy'.length)}-copy`;
        await store.insert(db, values, user);
      },
    },
  };
}
