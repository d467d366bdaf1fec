import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { labelFieldOf, type AnyResourceDef } from '@wb/contracts/resource';
import type { ResourceTable } from './table';

export interface RegisteredResource {
  def: AnyResourceDef;
  table: ResourceTable;
  /** the column that names a record (labelField) */
  label: PgColumn;
}

/** Every registered resource by name, so a ref field can check and name the record it points to. */
export class ResourceRegistry {
  private readonly byName = new Map<string, RegisteredResource>();

  add(def: AnyResourceDef, table: ResourceTable): RegisteredResource {
    const label = (getTableColumns(table) as Record<string, PgColumn>)[labelFieldOf(def)];
    const entry = { def, table, label };
    this.byName.set(def.name, entry);
    return entry;
  }

  get(name: string): RegisteredResource {
    const found = this.byName.get(name);
    if (!found) throw new Error(`resource '${name}' is referenced but not registered`);
    return found;
  }
}
