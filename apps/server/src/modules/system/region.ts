import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { regionResource } from '@wb/contracts/resources/org';
import { region } from '../../db/schema/index';
import { badRequest } from '../../platform/envelope';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { ancestorsUnder } from '../../platform/crud/tree';

const MAX_ROWS = 100_000;
const HEADERS: Record<string, string> = { 区划编号: 'code', 上级区划: 'parentCode', 区划名称: 'name', 区划层级: 'level', 排序: 'sort', 备注: 'remark' };

/**
 * Regions: a global tree keyed by code. Its one action imports region codes from
 * an .xlsx whose first row names the columns (区划编号, 上级区划, 区划名称, 区划层级,
 * 排序, 备注): new codes are added, known ones updated, parents before children.
 */
export function regionOptions(ctx: AppContext): ResourceOptions {
  return {
    actions: {
      async import({ file }) {
        const workbook = new ExcelJS.Workbook();
        try {
          await workbook.xlsx.load(file!.data as unknown as ArrayBuffer);
        } catch {
          throw badRequest('文件不是有效的 Excel (.xlsx)', 'file');
        }
        const sheet = workbook.worksheets[0];
        if (!sheet) throw badRequest('Excel 中没有工作表', 'file');
        const columns = new Map<number, string>();
        sheet.getRow(1).eachCell((cell, col) => {
          const field = HEADERS[String(cell.value ?? '').trim()];
          if (field) columns.set(col, field);
        });
        if (![...columns.values()].includes('code') || ![...columns.values()].includes('name')) throw badRequest('Excel 第一行需包含 区划编号 和 区划名称', 'file');
        const rows: { code: string; parentCode: string; name: string; level: number; sort: number; remark: string }[] = [];
        sheet.eachRow((row, n) => {
          if (n === 1) return;
          if (rows.length >= MAX_ROWS) throw badRequest(`一次最多导入 ${MAX_ROWS} 行`, 'file');
          const v: Record<string, string> = {};
          for (const [col, field] of columns) v[field] = String(row.getCell(col).text ?? '').trim();
          if (!v.code) return;
          if (!/^\d{2,12}$/.test(v.code) || (v.parentCode && !/^\d{2,12}$/.test(v.parentCode))) throw badRequest(`第${n}行: 区划编号应为 2-12 位数字`, 'file');
          if (!v.name || v.name.length > 64) throw badRequest(`第${n}行: ${regionResource.fields.name.required.zh}`, 'file');
          const level = Number(v.level || 0);
          if (!Number.isInteger(level) || level < 0 || level > 5) throw badRequest(`第${n}行: 区划层级应为 0-5`, 'file');
          rows.push({ code: v.code, parentCode: v.parentCode || '00', name: v.name, level, sort: Number(v.sort) || 0, remark: v.remark ?? '' });
        });
        if (!rows.length) throw badRequest('Excel 中没有数据行', 'file');
        // parents first, so each row's ancestors can be taken from its parent
        rows.sort((a, b) => a.level - b.level || a.code.localeCompare(b.code));
        const db = ctx.database.db;
        await db.transaction(async (tx) => {
          const known = new Map((await tx.select({ code: region.code, ancestors: region.ancestors }).from(region)).map((r) => [r.code, r.ancestors]));
          for (let i = 0; i < rows.length; i += 500) {
            const batch = rows.slice(i, i + 500).map((r) => {
              const parentAncestors = known.get(r.parentCode);
              const ancestors = r.parentCode === '00' || parentAncestors === undefined ? ancestorsUnder('00') : ancestorsUnder('00', { key: r.parentCode, ancestors: parentAncestors });
              known.set(r.code, ancestors);
              return { ...r, ancestors };
            });
            await tx
              .insert(region)
              .values(batch)
              .onConflictDoUpdate({
                target: region.code,
                set: {
                  parentCode: sqlExcluded('parent_code'),
                  name: sqlExcluded('name'),
                  level: sqlExcluded('level'),
                  sort: sqlExcluded('sort'),
                  remark: sqlExcluded('remark'),
                  ancestors: sqlExcluded('ancestors'),
                },
              });
          }
        });
        return `导入成功, 共 ${rows.length} 条`;
      },
    },
  };
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);
