import { eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { visible, type Scope } from '../scope';
import type { ResourceRegistry } from './registry';

/**
 * `<field>Name` beside each field whose value is a key of a dictionary or an option: what the
 * family's wrappers add (a post's `categoryName`, a data scope's `scopeTypeName`, a user's
 * `sexName`) and its clients show. Computed in the statement that reads the records, the item's
 * name in the record's tenant (a business dictionary is per tenant); '' when the key names nothing.
 * A field or a computed value of the resource already called so keeps its own.
 */
export function choiceNames(def: AnyResourceDef, columns: Record<string, PgColumn>, registry: ResourceRegistry, taken: Set<string>): Record<string, (scope: Scope) => SQL> {
  const names: Record<string, (scope: Scope) => SQL> = {};
  for (const [k, f] of Object.entries(def.fields)) {
    const name = `${k}Name`;
    const col = columns[k];
    if (!col || f.virtual || taken.has(name) || def.fields[name]) continue;
    if (f.kind === 'dict' && f.dict) {
      const { code, biz } = f.dict;
      names[name] = (scope) => {
        const dict = registry.get(biz ? 'dictbiz' : 'dict');
        const c = dict.columns;
        const item = visible(dict.table, scope, eq(c.code, code), ne(c.parentId, 0), sql`${c.dictKey} = ${col}::text`);
        return sql<string>`coalesce((select ${c.dictValue} from ${dict.table} where ${item} limit 1), '')`;
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
