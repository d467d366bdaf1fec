import { asc, eq } from 'drizzle-orm';
import type { ComponentType, ModelPrototype, QueryType } from '@wb/contracts/resources/develop';
import type { Db } from '../../db/client';
import { modelPrototype } from '../../db/schema/index';

/** A model's saved design: its rows, as the calls answer them, in the designer's order. */

type Row = typeof modelPrototype.$inferSelect;
const bit = (n: number): 0 | 1 => (n ? 1 : 0);

export function toPrototype(r: Row): ModelPrototype {
  return {
    id: String(r.id),
    modelId: String(r.modelId),
    jdbcName: r.jdbcName,
    jdbcType: r.jdbcType,
    jdbcComment: r.jdbcComment,
    isNullable: bit(r.isNullable),
    jdbcDefault: r.jdbcDefault,
    isPk: bit(r.isPk),
    propertyName: r.propertyName,
    propertyType: r.propertyType,
    componentType: r.componentType as ComponentType,
    dictCode: r.dictCode,
    isList: bit(r.isList),
    isForm: bit(r.isForm),
    isRequired: bit(r.isRequired),
    isQuery: bit(r.isQuery),
    queryType: r.queryType as QueryType | '',
    sort: r.sort,
  };
}

export async function savedPrototypes(db: Db, modelId: number): Promise<ModelPrototype[]> {
  const rows = await db.select().from(modelPrototype).where(eq(modelPrototype.modelId, modelId)).orderBy(asc(modelPrototype.sort), asc(modelPrototype.id));
  return rows.map(toPrototype);
}

/** Replaces the model's design with this one, in one transaction: a column's row keeps its id. */
export async function saveDesign(db: Db, modelId: number, design: ModelPrototype[], userId: number): Promise<ModelPrototype[]> {
  return db.transaction(async (tx) => {
    await tx.delete(modelPrototype).where(eq(modelPrototype.modelId, modelId));
    if (!design.length) return [];
    const rows = await tx
      .insert(modelPrototype)
      .values(
        design.map(({ id, modelId: _model, ...p }) => ({
          ...(id ? { id: Number(id) } : {}),
          ...p,
          modelId,
          updateUser: userId,
          updateTime: new Date(),
        })),
      )
      .returning();
    return rows.map(toPrototype).sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id));
  });
}
