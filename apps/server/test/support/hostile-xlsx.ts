import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Workbooks a hostile tenant sends to an import (test/hostile/imports.test.ts, and benchmarks):
 * each is a few hundred KB on disk and far bigger, or far stranger, once read. Written as raw zip
 * so that a part may declare a size other than its own; a huge part is made of one chunk repeated
 * as it is deflated, never held whole.
 */

/** A part of the archive: its content as chunks, and the size its headers declare when that is a lie. */
interface Part {
  name: string;
  content: Iterable<Buffer>;
  declaredSize?: number;
}

/** `text` repeated to `bytes`, in chunks of 64 KiB or so. */
function* repeated(text: string, bytes: number): Generator<Buffer> {
  const chunk = Buffer.from(text.repeat(Math.max(1, Math.floor(65_536 / text.length))));
  for (let left = bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

const some = (...texts: string[]): Buffer[] => texts.map((t) => Buffer.from(t));

/** A zip of the parts, deflated, written by hand (local headers, central directory, end record). */
async function zipOf(parts: Part[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    let crc = 0;
    let size = 0;
    const counted = Readable.from(
      (function* () {
        for (const chunk of part.content) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    const data = await buffer(counted.pipe(createDeflateRaw({ level: 9 })));
    const name = Buffer.from(part.name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // names in UTF-8
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc >>> 0, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(part.declaredSize ?? size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The import's columns of 参数管理 (/us-system/param): every bomb has them, so the upload's header check lets it through. */
export const PARAM_HEADER = ['参数名称', '参数键名', '参数键值'];

const column = (i: number) => String.fromCharCode(65 + i);
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${PARAM_HEADER.map((h, i) => inline(`${column(i)}1`, h)).join('')}</row>`;

/** A workbook of one sheet, `sheet` the chunks inside its sheetData; with shared strings when given. */
function workbook(sheet: Iterable<Buffer>, options: { sharedStrings?: Iterable<Buffer>; sheetDeclaredSize?: number } = {}): Promise<Buffer> {
  const parts: Part[] = [
    {
      name: '[Content_Types].xml',
      content: some(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`,
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>',
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    { name: '_rels/.rels', content: some(`${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', content: some(`${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL_TYPE}"><sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: some(
        `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>`,
        `<Relationship Id="rId2" Type="${REL_TYPE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: [Buffer.from(`${XML}<worksheet xmlns="${MAIN}"><sheetData>`), ...sheet, Buffer.from('</sheetData></worksheet>')],
      declaredSize: options.sheetDeclaredSize,
    },
  ];
  if (options.sharedStrings) parts.push({ name: 'xl/sharedStrings.xml', content: [Buffer.from(`${XML}<sst xmlns="${MAIN}">`), ...options.sharedStrings, Buffer.from('</sst>')] });
  return zipOf(parts);
}

/** The header, then one row whose value cell (参数键值) holds `chars` characters inline (`t="inlineStr"`). */
export const inlineCellBomb = (chars: number) =>
  workbook([...some(headerRow, `<row r="2">${inline('A2', 'n')}${inline('B2', 'k')}<c r="C2" t="inlineStr"><is><t>`), ...repeated('A', chars), ...some('</t></is></c></row>')]);

/** The header, then one row whose value cell is a shared string of `chars` characters. */
export const sharedStringBomb = (chars: number) =>
  workbook(some(headerRow, `<row r="2">${inline('A2', 'n')}${inline('B2', 'k')}<c r="C2" t="s"><v>0</v></c></row>`), {
    sharedStrings: [...some('<si><t>'), ...repeated('A', chars), ...some('</t></si>')],
  });

/** `row(r)` for r from 2 to `rows` + 1, after the header, a thousand rows to a chunk. */
function* rowsOf(rows: number, row: (r: number) => string): Generator<Buffer> {
  yield Buffer.from(headerRow);
  for (let from = 2; from <= rows + 1; from += 1000) {
    yield Buffer.from(Array.from({ length: Math.min(1000, rows + 2 - from) }, (_, i) => row(from + i)).join(''));
  }
}

/** The header, then `rows` rows of one cell: more than an import takes. */
export const manyRowsBomb = (rows: number) => workbook(rowsOf(rows, (r) => `<row r="${r}">${inline(`A${r}`, 'n')}</row>`));

/** The header and a sheet that inflates to `bytes` but declares a few hundred bytes: a zip's sizes can lie. */
export const lyingEntryBomb = (bytes: number) => workbook([Buffer.from(headerRow), ...repeated(' ', bytes)], { sheetDeclaredSize: 400 });

/** A sheet of `bytes` bytes of one byte, declared as it is: 200 MB deflates to about 200 KB. */
export const deflateBomb = (bytes: number) => workbook([Buffer.from(headerRow), ...repeated(' ', bytes)]);

/** One shared string of `chars` characters, named by every cell of `rows` rows: each cell would carry its own copy to the main thread. */
export const fanOutBomb = (chars: number, rows: number) =>
  workbook(
    rowsOf(rows, (r) => `<row r="${r}">${[0, 1, 2].map((i) => `<c r="${column(i)}${r}" t="s"><v>0</v></c>`).join('')}</row>`),
    { sharedStrings: [...some('<si><t>'), ...repeated('A', chars), ...some('</t></si>')] },
  );

/** `rows` rows, each with one value in Excel's last column (XFD): a row is as wide as its last cell. */
export const wideRowsBomb = (rows: number) => workbook(rowsOf(rows, (r) => `<row r="${r}">${inline(`XFD${r}`, 'x')}</row>`));

/** A DOCTYPE whose entities would grow a billion-fold if expanded ("billion laughs"). */
export const entityBomb = () =>
  workbook(
    some(
      headerRow,
      '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      '<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
      '&c;</t></is></c></row>',
    ),
  );

/**
 * One cell whose text comes in short runs between stray elements, `bytes` of them: each run passes the
 * reader's check of runs, and exceljs gathers them all into the cell; its thread's heap ends it.
 */
export const strayTextBomb = (bytes: number) =>
  workbook([...some(headerRow, '<row r="2"><c r="C2" t="inlineStr"><is><t>v</t>'), ...repeated(`${'A'.repeat(1020)}<x/>`, bytes), ...some('</is></c></row>')]);
