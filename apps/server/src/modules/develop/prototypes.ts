import { keptByFramework, type ModelPrototype, type PrototypeDesign, type QueryType, type TableColumn } from '@wb/contracts/resources/develop';
import { badRequest } from '../../platform/envelope';
import { columnType, defaultComponent, defaultQuery, fits, searchable, showable } from './generator/column-types';

/**
 * A model's columns as designed: each column of the table starts with defaults the designer
 * changes (label, component, list, form, required, search, dictionary). A design is checked
 * against the table as it is now, so that what is saved can always be generated.
 */

/** Whether the framework keeps this column (or it is the key): it cannot be a field. */
const kept = (c: TableColumn): boolean => keptByFramework({ jdbcName: c.name, isPk: c.isPk });

type Flag = 0 | 1;
const flag = (b: boolean): Flag => (b ? 1 : 0);

/** Whether a column must be filled in by the form: no value would fail the table's NOT NULL. */
const mustBeGiven = (c: TableColumn): boolean => c.isNullable === 0 && c.jdbcDefault === '' && !kept(c);

/** A column with the designer's defaults: shown if it can be, required if the table needs a value. */
export function defaultPrototype(c: TableColumn, modelId: string, sort: number): ModelPrototype {
  const t = columnType(c.type);
  const shown = showable(t.family) && !kept(c);
  const componentType = defaultComponent(t);
  return {
    id: '',
    modelId,
    jdbcName: c.name,
    jdbcType: c.type,
    jdbcComment: (c.comment || c.name).slice(0, 255),
    isNullable: c.isNullable,
    jdbcDefault: c.jdbcDefault,
    isPk: c.isPk,
    propertyName: c.propertyName,
    propertyType: c.propertyType,
    componentType,
    dictCode: '',
    isList: flag(shown && componentType !== 'textarea'),
    isForm: flag(shown),
    isRequired: flag(shown && mustBeGiven(c)),
    isQuery: 0,
    queryType: '',
    sort,
  };
}

/** The table's columns, each with its saved design when it has one (a column added since gets the defaults). */
export function mergedPrototypes(columns: TableColumn[], saved: ModelPrototype[], modelId: string): ModelPrototype[] {
  const byName = new Map(saved.map((p) => [p.jdbcName, p]));
  return columns.map((c, i) => {
    const fresh = defaultPrototype(c, modelId, i + 1);
    const design = byName.get(c.name);
    if (!design) return fresh;
    // what the catalogue says now wins over what it said when the design was saved
    const { id, jdbcComment, componentType, dictCode, isList, isForm, isRequired, isQuery, queryType, sort } = design;
    return { ...fresh, id, jdbcComment, componentType, dictCode, isList, isForm, isRequired, isQuery, queryType, sort };
  });
}

/**
 * A submitted design, checked column by column against the table: every column named exists
 * once; a shown column can be a field of that type with that component; a searched one is shown;
 * a column the table needs a value for is in the form and required. Refusals are 400s naming
 * the design's attribute and, in the message, the column. Columns left out keep their defaults.
 */
export function checkDesign(columns: TableColumn[], designs: PrototypeDesign[], modelId: string, dictExists: Set<string>): ModelPrototype[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const given = new Map<string, PrototypeDesign>();
  const ids = new Set<string>();
  for (const d of designs) {
    // a saved prototype's id kept once: twice would be one row written twice
    if (d.id && ids.has(d.id)) throw badRequest(`原型 ${d.id} 重复`, 'id');
    if (d.id) ids.add(d.id);
    if (d.modelId !== modelId) throw badRequest('一次只能保存一个模型的设计', 'modelId');
    if (!byName.has(d.jdbcName)) throw badRequest(`列 ${d.jdbcName} 不在表中`, 'jdbcName');
    if (given.has(d.jdbcName)) throw badRequest(`列 ${d.jdbcName} 重复`, 'jdbcName');
    given.set(d.jdbcName, d);
  }
  const designed = columns.map((c, i): ModelPrototype => {
    const fresh = defaultPrototype(c, modelId, i + 1);
    const d = given.get(c.name);
    if (!d) return fresh;
    const t = columnType(c.type);
    const shown = d.isList === 1 || d.isForm === 1;
    const where = `列 ${c.name}`;
    if (shown && kept(c)) throw badRequest(`${where} 由框架维护 (主键、租户、审计列), 不能显示在列表或表单中`, d.isForm ? 'isForm' : 'isList');
    if (shown && !showable(t.family)) throw badRequest(`${where} 的类型 ${c.type} 不能显示在列表或表单中`, d.isForm ? 'isForm' : 'isList');
    if (shown && !fits(d.componentType, t.family)) throw badRequest(`${where} 的类型 ${c.type} 不能用组件 ${d.componentType}`, 'componentType');
    const dictCode = d.componentType === 'select' ? d.dictCode.trim() : '';
    if (shown && d.componentType === 'select') {
      if (!dictCode) throw badRequest(`${where} 为字典下拉, 须填写字典编号`, 'dictCode');
      if (!dictExists.has(dictCode)) throw badRequest(`字典 ${dictCode} 不存在`, 'dictCode');
    }
    if (d.isQuery === 1 && !shown) throw badRequest(`${where} 须显示在列表或表单中才能查询`, 'isQuery');
    // a dictionary's items are picked, so searched as a whole
    const queryType: QueryType | '' = d.isQuery === 1 ? d.queryType || (d.componentType === 'select' ? 'eq' : defaultQuery(t.family)) : '';
    if (queryType && !searchable(queryType, t.family)) throw badRequest(`${where} 的类型 ${c.type} 不能按 ${queryType} 查询`, 'queryType');
    return {
      ...fresh,
      id: d.id ?? '',
      jdbcComment: d.jdbcComment.trim() || c.name,
      componentType: d.componentType,
      dictCode,
      isList: d.isList,
      isForm: d.isForm,
      isRequired: flag(d.isForm === 1 && d.isRequired === 1),
      isQuery: d.isQuery,
      queryType,
      sort: d.sort,
    };
  });
  // a row the form cannot give this column's value would fail the table's NOT NULL
  for (const [i, p] of designed.entries()) {
    const c = columns[i];
    if (!mustBeGiven(c) || (p.isForm === 1 && p.isRequired === 1)) continue;
    const why = showable(columnType(c.type).family) ? '须在表单中且必填' : `其类型 ${c.type} 却不能在表单中填写: 请给它默认值或允许为空`;
    throw badRequest(`列 ${c.name} 不能为空且没有默认值, ${why}`, 'isRequired');
  }
  return designed;
}
