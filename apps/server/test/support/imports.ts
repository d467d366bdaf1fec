import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ImportRecord } from '@wb/contracts/imports';
import type { as } from '../helper';

type Call = Awaited<ReturnType<typeof as>>['call'];

/** Imports through the upload centre as a test sends them: an .xlsx made of rows, posted as a form, followed to its end. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function multipart(filename: string, bytes: Buffer, type = XLSX) {
  const boundary = `----wb${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

export const rowsOf = (sheet: ExcelJS.Worksheet) =>
  (sheet.getSheetValues().slice(1) as unknown[][]).map((r) => Array.from((r ?? []).slice(1), (v) => (v === undefined || v === null ? '' : String(v))));

/** Upload, and follow an import to its end, as the caller `call()` sends them. */
export function importsOf(call: () => Call) {
  const upload = (path: string, name: string, bytes: Buffer, type?: string) => call()({ method: 'POST', url: `${path}/import-job?projectId=-1`, ...multipart(name, bytes, type) });
  /** `tries` looks, 100 ms apart: 30 s by default, longer for a file of thousands of rows */
  async function finished(id: string, tries = 300): Promise<ImportRecord> {
    for (let i = 0; i < tries; i++) {
      const res = await call()({ method: 'GET', url: `/us-resource/file-import/getById?id=${id}` });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().data as ImportRecord;
      if (found.status === 1) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`import ${id} still running`);
  }
  async function imported(path: string, name: string, rows: (string | number)[][]): Promise<ImportRecord> {
    const res = await upload(path, name, await xlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('已加入上传中心');
    return finished(res.json().data.id);
  }
  return { upload, finished, imported };
}
