import { eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { visible, type Scope } from '../scope';
import type { ResourceRegistry } from './registry';

/**
 * `<field>Name` beside each field whose value is a key of a dictionary or an option: what the
 * family's wrappers add (a post's `categoryName`, a data scope's `scopeTypeName`, a user's
 * `sexName`) and its clients show. Computed in the statement that reads the records: the item's
 * name in the caller's tenant (a business dictionary is per tenant; the records are read within it),
 * '' when the key names nothing. The dictionary is read under an alias of its own, so that it never
 * mistakes its columns for the record's (a dictionary's own dict field) and no data scope narrows it.
 * A field or a computed value of the resource already called so keeps its own.
 */
const DICT_ALIAS = 'choice_dict';

export function choiceNames(def: AnyResourceDef, columns: Record<string, PgColumn>, registry: ResourceRegistry, taken: Set<string>): Record<string, (scope: Scope) => SQL> {
  const names: Record<string, (scope: Scope) => SQL> = {};
  for (const [k, f] of Object.entries(def.fields)) {
    const name = `${k}Name`;
    const col = columns[k];
    if (!col || f.virtual || taken.has(name) || def.fields[name]) continue;
    if (f.kind === 'dict' && f.dict) {
      const { code, biz } = f.dict;
      names[name] = (scope) => {
        const table = registry.get(biz ? 'dictbiz' : 'dict').table;
        const d = alias(table, DICT_ALIAS) as unknown as PgTable & Record<'code' | 'parentId' | 'dictKey' | 'dictValue', PgColumn>;
        const item = visible(d, scope, eq(d.code, code), ne(d.parentId, 0), sql`${d.dictKey} = ${col}::text`);
        return sql<string>`coalesce((select ${d.dictValue} from ${table} ${sql.identifier(DICT_ALIAS)} where ${item} limit 1), '')`;
      };
    } else if (f.kind === 'select' && f.options?.length) {
      const cases = sql.join(
        f.options.map((o) => sql`when ${String(o.value)} then ${o.label.zh}`),
        sql` `,
      );
      names[name] = () => sql<string>`(case ${col}::text ${cases} else '' end)`;
    }
  }
  return names;
}
