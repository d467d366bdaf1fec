import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TObject } from '@sinclair/typebox';
import { keyOf, labelFieldOf, type AnyResourceDef } from '@wb/contracts/resource';
import type { Exporter } from './export';
import type { Importer } from './import';
import type { ResourceStore } from './store';
import type { Row } from './wire';

export interface RegisteredResource {
  def: AnyResourceDef;
  table: PgTable;
  columns: Record<string, PgColumn>;
  /** the column that identifies a record (id, or code) */
  key: PgColumn;
  /** the column that names a record (labelField) */
  label: PgColumn;
}

/** A field of one resource that points at records of another. */
export interface Reference {
  from: RegisteredResource;
  field: string;
  many: boolean;
}

/** Every registered resource by name, so a ref can check and name what it points to, and a removal see who points at it. */
export class ResourceRegistry {
  private readonly byName = new Map<string, RegisteredResource>();
  /** how each resource is exported, for the jobs of the download centre */
  readonly exporters = new Map<string, Exporter>();
  /** how each importable resource is imported, for the jobs of the upload centre */
  readonly importers = new Map<string, Importer>();
  /**
   * how each resource's list is read, the filters its list call takes and their schema (what a saved
   * report's filters are checked by), for reports; `answer`: a row as the list answers it to a reader
   * without the edit right (ResourceOptions.secret masked)
   */
  readonly lists = new Map<string, { store: ResourceStore; filters: ReadonlySet<string>; schema: TObject; answer(row: Row): Row }>();

  add(def: AnyResourceDef, table: PgTable): RegisteredResource {
    if (this.byName.has(def.name)) throw new Error(`resource '${def.name}' is registered twice`);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const entry = { def, table, columns, key: columns[keyOf(def)], label: columns[labelFieldOf(def)] };
    this.byName.set(def.name, entry);
    return entry;
  }

  /** The resource stored in the table named `tableName` (data scopes name their table). */
  byTable(tableName: string): RegisteredResource | undefined {
    return [...this.byName.values()].find((r) => getTableName(r.table) === tableName);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): RegisteredResource {
    const found = this.byName.get(name);
    if (!found) throw new Error(`resource '${name}' is referenced but not registered`);
    return found;
  }

  /** The fields of other resources (and of this one, but for its own tree parent) that point at `name`. */
  referencesTo(name: string): Reference[] {
    const refs: Reference[] = [];
    for (const from of this.byName.values()) {
      for (const [field, f] of Object.entries(from.def.fields)) {
        if (f.ref?.resource !== name || f.virtual) continue;
        if (from.def.name === name && from.def.tree?.parentField === field) continue;
        refs.push({ from, field, many: f.kind === 'multiRef' });
      }
    }
    return refs;
  }
}
