import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { headerRow, sheetRows } from '../src/platform/crud/sheet-rows';

const book = async (rows: (string | number | Date)[][]) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('说明').addRow(['not data']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Reading an .xlsx (platform/crud/sheet-rows.ts), around exceljs's streaming reader. */
describe('the rows of a sheet', () => {
  it('reads every time, whatever the order of the parts: exceljs alone lost the parts after the worksheet about once in a few hundred reads (its issue #3064)', async () => {
    // exceljs writes the worksheet before the shared strings and the workbook part: the order that raced;
    // the parts are now read by name in the order they are needed, so a few reads show it
    const data = await book([
      ['参数名称', '参数键名'],
      ['一', 'one'],
    ]);
    for (let i = 0; i < 5; i++) {
      const rows = [];
      for await (const row of sheetRows(data, 10)) rows.push(row);
      expect(rows).toEqual([
        { rowNo: 1, cells: ['参数名称', '参数键名'] },
        { rowNo: 2, cells: ['一', 'one'] },
      ]);
    }
  });

  it('takes the first sheet only, skips blank rows, and refuses more rows than allowed', async () => {
    const data = await book([['名称'], [''], ['a'], ['b'], ['c']]);
    expect(await headerRow(data)).toEqual(['名称']);
    const rows: number[] = [];
    for await (const row of sheetRows(data, 3)) rows.push(row.rowNo);
    expect(rows).toEqual([1, 3, 4, 5]);
    await expect(async () => {
      for await (const row of sheetRows(data, 2)) void row;
    }).rejects.toThrow('行数超过上限 2 行, 请拆分文件后再导入');
  });

  it('writes a date as the page shows it, a number and a formula by their text', async () => {
    const data = await book([
      ['日期', '数字', '公式'],
      [new Date(2024, 0, 2, 3, 4, 5), 42, { formula: '1+1', result: 2 } as never],
    ]);
    const rows = [];
    for await (const row of sheetRows(data, 10)) rows.push(row.cells);
    expect(rows[1]).toEqual(['2024-01-02 03:04:05', '42', '2']);
  });

  it('answers a file that is no workbook with a 400 naming the file', async () => {
    await expect(headerRow(Buffer.from('名称,键\n'))).rejects.toMatchObject({ statusCode: 400, message: '文件不是有效的 Excel (.xlsx)' });
    await expect(headerRow(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64)]))).rejects.toMatchObject({ statusCode: 400 });
  });
});
