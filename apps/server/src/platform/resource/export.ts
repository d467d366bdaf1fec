import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/**
 * Writes rows into an .xlsx as they arrive and returns the file as a stream, so
 * an export of 100,000 rows never holds them all in memory. An error half way
 * destroys the stream: the download fails instead of ending in a truncated file.
 */
export function xlsxStream(sheet: string, columns: SheetColumn[], batches: AsyncIterable<Record<string, unknown>[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheet.slice(0, 31));
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    try {
      for await (const batch of batches) for (const row of batch) ws.addRow(row).commit();
      ws.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
