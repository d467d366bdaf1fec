import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DICT_MESSAGES } from '@wb/contracts/resources/org';
import { badRequest, Envelope, ok } from '../../platform/envelope';
import type { ResourceOptions } from '../../platform/crud/routes';
import type { ResourceStore } from '../../platform/crud/store';
import { toWire } from '../../platform/crud/wire';
import { scopeOf } from '../../platform/scope';
import { IdText } from '../../platform/input-types';

/**
 * The system and business dictionaries: a parent row per code (dictKey -1,
 * parentId 0) with its items below it. The framework gives the CRUD; this adds the
 * dictionary rules and the family's read calls.
 */
export function dictionaryOptions(): ResourceOptions {
  return {
    views: {
      'parent-list': { summary: '字典分页 (顶级)', where: (_q, store) => store.whereField('parentId', '0') },
      'child-list': {
        summary: '字典项分页 (parentId 的下级)',
        query: { parentId: IdText() },
        // without a parent there are no items to show, rather than all of them
        where: (q, store) => store.whereField('parentId', q.parentId ?? '-1'),
      },
    },
    // `code=DICT` is the family's way of asking for every dictionary
    treeFilters: { code: { schema: Type.String({ maxLength: 64 }), where: (v, store) => (v === 'DICT' ? undefined : store.whereField('code', v)) } },
    hooks: {
      async beforeSubmit({ scope, store }, values, existing) {
        const parentId = Number(values.parentId ?? existing?.parentId ?? 0);
        const selfId = existing?.id as number | undefined;
        if (parentId === 0) {
          values.dictKey = '-1';
          const code = values.code ?? existing?.code;
          if (await store.taken(scope, 'code', code, selfId, eq(store.columns.parentId, 0))) throw badRequest(DICT_MESSAGES.codeTaken.zh, 'code');
          return;
        }
        const dictKey = values.dictKey ?? existing?.dictKey;
        if (!dictKey || dictKey === '-1') throw badRequest(DICT_MESSAGES.keyRequired.zh, 'dictKey');
        // an item belongs to its parent's dictionary: the code is the parent's, whatever was sent
        const parent = await store.findByKey(scope, parentId);
        if (parent) values.code = parent.code;
        if (await store.taken(scope, 'dictKey', dictKey, selfId, eq(store.columns.parentId, parentId))) throw badRequest(DICT_MESSAGES.keyTaken.zh, 'dictKey');
      },
      async afterSubmit({ db, scope, store }, row, isNew) {
        // a renamed dictionary takes its items along: they belong to it by code
        if (isNew || Number(row.parentId) !== 0) return;
        const c = store.columns;
        await db
          .update(store.table)
          .set({ code: row.code } as never)
          .where(store.where(scope, eq(c.parentId, row.id as number), ne(c.code, row.code as string)));
      },
      beforeRemove(_ctx, rows) {
        if (rows.some((r) => r.isSealed === 1)) throw badRequest(DICT_MESSAGES.sealed.zh, 'ids');
      },
    },
  };
}

/** `GET dictionary?code=`: the items of one dictionary, what every coded select box reads. */
export function dictionaryRoutes(store: ResourceStore, basePath: string) {
  return async (app: FastifyInstance) => {
    const Item = Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      code: Type.String(),
      dictKey: Type.String(),
      dictValue: Type.String(),
      dictValueEn: Type.String(),
      sort: Type.Number(),
      remark: Type.String(),
      isSealed: Type.Number(),
    });
    app.get(`${basePath}/dictionary`, {
      schema: {
        tags: [store.def.title.zh],
        summary: `${store.def.title.zh}: 字典项 (按编号)`,
        querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(Type.Array(Item)) },
      },
      // coded values are shown on every page: any signed-in user reads them
      config: { signedIn: true },
      handler: async (req) => {
        const { code } = req.query as { code: string };
        const c = store.columns;
        const rows = await store.db
          .select()
          .from(store.table)
          .where(store.where(scopeOf(req), and(eq(c.code, code), ne(c.parentId, 0), sql`${c.dictKey} <> '-1'`)))
          .orderBy(asc(c.sort), asc(c.id));
        return ok(rows.map((r) => toWire(store.def, c, r)));
      },
    });
  };
}
