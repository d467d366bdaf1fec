import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ApiError, badRequest, formatTime } from '../envelope';

/** The text of a cell as a user sees it: dates as 'yyyy-MM-dd HH:mm:ss', formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatTime(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

/** Bigger than what the streams between the unzipper and exceljs can hold (a few 16 KiB buffers). */
const GUARD_BYTES = 256 * 1024;

/**
 * The file with one more entry at its end, of zeros, that exceljs skips. exceljs's streaming
 * reader loses the entries after a worksheet, now and then (exceljs issue #3064): while it copies
 * a worksheet met before the workbook's other parts to a temporary file, the unzipper reads on to
 * the archive's end and says so, with entries still waiting in its buffer, and those are dropped —
 * the workbook part (a TypeError) or the shared strings (cells read as numbers). An entry too big
 * to wait in the buffers keeps the unzipper from its end until exceljs has taken every entry
 * before it. The other entries are copied as they are, not decompressed.
 */
async function guarded(data: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  zip.file('wb-read-guard', Buffer.alloc(GUARD_BYTES), { compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The rows of an .xlsx's first sheet, read as a stream: the header row, then each row with its
 * number in the file; blank rows are skipped. More than `maxRows` rows throws, once the count is known.
 */
export async function* sheetRows(data: Buffer, maxRows: number): AsyncGenerator<{ rowNo: number; cells: string[] }> {
  const input = Readable.from(await guarded(data));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let count = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // row.values is 1-based
      const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (!cells.some(Boolean)) continue;
      if (row.number > 1 && ++count > maxRows) throw badRequest(`一次最多导入 ${maxRows} 行, 请拆分文件后再导入`, 'file');
      yield { rowNo: row.number, cells };
    }
    // only the first sheet: the template's 说明 sheet is not data
    return;
  }
}

/** The header row of an .xlsx, or a 400 saying the file is not one. */
export async function headerRow(data: Buffer): Promise<string[]> {
  // an .xlsx is a zip: anything else (a .xls, a .csv renamed) is refused before it is parsed
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('文件不是有效的 Excel (.xlsx)', 'file');
  try {
    for await (const { cells } of sheetRows(data, Number.MAX_SAFE_INTEGER)) return cells;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest('文件不是有效的 Excel (.xlsx)', 'file');
  }
  throw badRequest('文件中没有数据', 'file');
}
