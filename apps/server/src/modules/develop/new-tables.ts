import { LIST_PARAMS } from '@wb/contracts/resource';
import { AUDIT_COLUMNS, DESIGN_LIMITS, jdbcTypeOf, TENANT_COLUMN, type ModelPrototype, type PrototypeDesign, type TableColumn } from '@wb/contracts/resources/develop';
import { badRequest } from '../../platform/envelope';
import { columnType, propertyType } from './generator/column-types';
import { camel } from './generator/names';

/**
 * Design first: a model of this product's database may name a table that does not exist yet. Its
 * columns are designed by hand (name, type from a fixed list, length …) and the generated
 * migration creates the table; nothing is created here, so no DDL runs from what a user typed.
 * The table always has the key `id` and the tenant's column, as this product's business tables
 * do; the audit columns come with 基础业务 at generation. What the design says is the table's
 * catalogue until the table exists, so the rest of the designer's checks are the same.
 */

/** A name a new table or column takes: written unquoted in lower snake_case, as this product's are. */
const SNAKE = /^[a-z][a-z0-9_]*$/;
/** The table's index is named `<table>_tenant_idx`, its key's sequence `<table>_id_seq`: both within 63 bytes. */
export const NEW_TABLE_MAX = 63 - '_tenant_idx'.length;

/**
 * PostgreSQL's reserved key words (the documentation's appendix 'SQL Key Words', column
 * 'PostgreSQL': reserved): a table or column of that name must always be quoted, in every query
 * anyone writes by hand.
 */
const SQL_RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column concurrently ' +
    'constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp current_user default ' +
    'deferrable desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in initially inner intersect ' +
    'into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on only or order outer overlaps ' +
    'placing primary references returning right select session_user similar some symmetric system_user table tablesample then to trailing true ' +
    'union unique user using variadic verbose when where window with'
  ).split(' '),
);
/** Properties a list call already takes as its paging: a field of that name could not be searched. */

/** Why `name` cannot be a new table's or column's name (`what` says which), or undefined. */
function badName(name: string, what: string, max: number): string | undefined {
  if (!SNAKE.test(name)) return `${what} ${name} 须以小写字母开头, 只含小写字母、数字和下划线 (如 notice_board)`;
  if (name.length > max) return `${what} ${name} 最长 ${max} 个字符`;
  if (SQL_RESERVED.has(name)) return `${what} ${name} 是 SQL 保留字, 请换一个名称`;
  if (name.startsWith('pg_')) return `${what} ${name} 不能以 pg_ 开头 (PostgreSQL 自己的名称)`;
  return undefined;
}

/** A table name for a model whose table is not there yet: a 400 naming `field` when it cannot be one. */
export function checkNewTableName(name: string, field: string): void {
  const why = badName(name, '新表的物理表名', NEW_TABLE_MAX);
  if (why) throw badRequest(why, field);
}

const column = (name: string, type: string, isNullable: 0 | 1, jdbcDefault = '', isPk: 0 | 1 = 0, comment = ''): TableColumn => ({
  name,
  type,
  comment,
  isNullable,
  jdbcDefault,
  isPk,
  propertyName: camel(name),
  propertyType: propertyType(columnType(type).family),
});

/** The columns every new table has: the key (an identity, as this product's ids) and the tenant. */
const FRAMEWORK: TableColumn[] = [column('id', 'bigint', 0, 'identity', 1, '主键'), column(TENANT_COLUMN, 'character varying(12)', 0, '', 0, '租户')];
const frameworkNames = new Set(FRAMEWORK.map((c) => c.name));

/** A new table's columns as its saved design says (the framework's alone before a design is saved). */
export function designedColumns(saved: ModelPrototype[]): TableColumn[] {
  if (!saved.length) return FRAMEWORK;
  return saved.map((p) => column(p.jdbcName, p.jdbcType, p.isNullable, p.jdbcDefault, p.isPk, p.jdbcComment));
}

/**
 * The columns a submitted design of a new table makes: the framework's first, then each designed
 * one in the designer's order with its type and length, NOT NULL exactly when the form requires it. Refusals are 400s
 * naming the design's attribute, the column in the message.
 */
export function newTableColumns(designs: PrototypeDesign[]): TableColumn[] {
  // in the designer's order (a stable sort keeps the order sent among equal sorts)
  const own = designs.filter((d) => !frameworkNames.has(d.jdbcName)).sort((x, y) => x.sort - y.sort);
  if (!own.length) throw badRequest('请至少设计一个字段', 'jdbcName');
  if (own.length > DESIGN_LIMITS.fields) throw badRequest(`一个模型最多 ${DESIGN_LIMITS.fields} 个字段`, 'jdbcName');
  const properties = new Map(FRAMEWORK.map((c) => [c.propertyName, c.name]));
  const columns = own.map((d) => {
    const name = d.jdbcName;
    const why = badName(name, '列名', 63);
    if (why) throw badRequest(why, 'jdbcName');
    if ((AUDIT_COLUMNS as readonly string[]).includes(name)) throw badRequest(`列名 ${name} 由框架维护 (基础业务的审计列), 请换一个名称`, 'jdbcName');
    if (!d.fieldType) throw badRequest(`列 ${name} 须选择类型`, 'fieldType');
    const length = d.fieldLength ?? DESIGN_LIMITS.defaultLength;
    if (d.fieldType === 'varchar' && (length < 1 || length > DESIGN_LIMITS.maxLength)) throw badRequest(`列 ${name} 的长度须在 1 到 ${DESIGN_LIMITS.maxLength} 之间`, 'fieldLength');
    const made = column(name, jdbcTypeOf(d.fieldType, length), d.isForm === 1 && d.isRequired === 1 ? 0 : 1, '', 0, d.jdbcComment.trim());
    if (LIST_PARAMS.has(made.propertyName)) throw badRequest(`列名 ${name} 是列表的分页或排序参数, 请换一个名称`, 'jdbcName');
    // two names of one property (a_1 and a1) would be one field of the generated resource
    const taken = properties.get(made.propertyName);
    if (taken !== undefined && taken !== name) throw badRequest(`列 ${name} 与列 ${taken} 的属性名相同 (${made.propertyName})`, 'jdbcName');
    properties.set(made.propertyName, name);
    return made;
  });
  return [...FRAMEWORK, ...columns];
}
