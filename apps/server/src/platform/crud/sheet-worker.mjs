// The reading of one .xlsx for sheet-rows.ts, on a thread of its own: its heap is capped there, so a
// file that gets past every limit below still cannot take the server's memory, and the server can end it.
// Plain JavaScript so that any runner (tsx, vitest) can start it as a worker (as db/pglite-worker.mjs).
//
// yauzl reads the archive by its central directory: each part is found by name and inflated as a
// stream, in the order exceljs needs them (the relations, the workbook, the styles, the shared
// strings, then the sheet). exceljs's own reader takes the parts in the order of the zip and copies a
// sheet met early to a temporary file, and it loses parts after it now and then (its issue #3064);
// here it is handed each part through the methods its reader calls for them (exceljs 4.4).
import { pipeline, Transform } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import yauzl from 'yauzl';

/** @type {{ data: Uint8Array, limits: Record<string, number>, headerOnly: boolean }} */
const { data, limits, headerOnly } = workerData;

/** Rows go to the main thread in batches of this many. */
const BATCH = 500;
/** XML may spell a character in up to 8 bytes (`&#65535;`): a longer run of text is no cell of Excel's. */
const RUN_BYTES = limits.cellChars * 8;
/** Excel's last row. */
const EXCEL_ROWS = 1_048_576;
const LT = 0x3c; // '<'
const BANG = 0x21; // '!'
const QUESTION = 0x3f; // '?'

/** The file went past a limit of sheet-rows.ts; the main thread words it. */
class Over extends Error {
  constructor(limit) {
    super(`over the limit ${limit}`);
    this.limit = limit;
  }
}

/**
 * A part's bytes as they inflate, checked before any parser holds them. No more bytes than the central
 * directory declared (the declared sizes were checked against the limit, and a zip can lie about them).
 * No run of text longer than a cell may be: saxes keeps a text, a tag or an attribute whole until it
 * ends, so a 200 MB cell would be in memory before anything could look at the cells. And nothing
 * whose content may hold '<' and so escape that count: a DOCTYPE, a comment, CDATA (exceljs reads none
 * of them), or a processing instruction other than the declaration that opens the part.
 */
function guard(declared) {
  let bytes = 0;
  let run = 0;
  let afterLt = false;
  const markup = (next, offset) => next !== BANG && (next !== QUESTION || offset <= 3); // 3: after a byte order mark
  return new Transform({
    transform(chunk, _encoding, done) {
      const offset = bytes;
      bytes += chunk.length;
      if (bytes > declared) return done(new Over('declaredBytes'));
      if (afterLt && chunk.length && !markup(chunk[0], offset - 1)) return done(new Error('markup that is not read'));
      afterLt = false;
      let from = 0;
      for (let at = chunk.indexOf(LT); at !== -1; at = chunk.indexOf(LT, at + 1)) {
        if (run + at - from > RUN_BYTES) return done(new Over('cellChars'));
        run = 0;
        from = at + 1;
        if (at + 1 === chunk.length) afterLt = true;
        else if (!markup(chunk[at + 1], offset + at)) return done(new Error('markup that is not read'));
      }
      run += chunk.length - from;
      if (run > RUN_BYTES) return done(new Over('cellChars'));
      done(null, chunk);
    },
  });
}

/** A cell as text, as a user sees it (formulas by their result, rich text joined); dates stay dates, for the main thread to write. */
function cellValue(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text ?? '').join('');
    if ('result' in value) return cellValue(value.result);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

const length = (value) => (typeof value === 'string' ? value.length : 0);

async function read() {
  const zip = await yauzl.fromBufferPromise(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { validateEntrySizes: false });
  const entries = new Map();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, entry);
    declared += entry.uncompressedSize;
  }
  if (declared > limits.unzippedBytes) throw new Over('unzippedBytes');
  const part = async (name) => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    // pipeline: an inflate error ends the guard too, and with it the parser reading it
    return pipeline(await zip.openReadStreamPromise(entry), guard(entry.uncompressedSize), () => {});
  };
  const needed = async (name) => {
    const stream = await part(name);
    if (!stream) throw new Error(`no ${name}`);
    return stream;
  };

  const book = new WorkbookReader(undefined, { worksheets: 'emit', sharedStrings: 'emit', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  await book._parseRels(await needed('xl/_rels/workbook.xml.rels'));
  await book._parseWorkbook(await needed('xl/workbook.xml'));
  const styles = await part('xl/styles.xml');
  if (styles) await book._parseStyles(styles);
  book.sharedStrings = [];
  const strings = entries.get('xl/sharedStrings.xml');
  if (strings && strings.uncompressedSize > limits.sharedStringBytes) throw new Over('sharedStringBytes');
  if (strings) {
    for await (const { text } of book._parseSharedStrings(await needed(strings.fileName))) {
      if (book.sharedStrings.push(text) > limits.sharedStrings) throw new Over('sharedStrings');
      if (length(cellValue(text)) > limits.cellChars) throw new Over('cellChars');
    }
  }

  // only the first sheet, as the workbook orders them: the template's 说明 sheet is not data
  const first = book.workbookRels?.find((rel) => rel.Id === book.model?.sheets?.[0]?.rId);
  if (!first) throw new Error('no sheet');
  const path = first.Target.startsWith('/') ? first.Target.slice(1) : `xl/${first.Target}`;
  const [{ value: sheet }] = book._parseWorksheet(await needed(path), /(\d+)\.xml$/.exec(path)?.[1] ?? '1');

  let header = false;
  let rows = 0;
  let cells = 0;
  let chars = 0;
  let batch = [];
  for await (const row of sheet) {
    // a row's number is written to the error file: one Excel could not have (none, 0, past 2^20) is no workbook's
    if (!(Number.isInteger(row.number) && row.number >= 1 && row.number <= EXCEL_ROWS)) throw new Error(`row number ${row.number}`);
    // row.values is 1-based, and ends at the row's last value
    const values = row.values.slice(1).map(cellValue);
    if (!values.some(Boolean)) continue;
    // every row after the header counts, whatever number it claims
    if (header && ++rows > limits.rows) throw new Over('rows');
    header = true;
    if ((cells += values.length) > limits.cells) throw new Over('cells');
    for (const value of values) {
      if (length(value) > limits.cellChars) throw new Over('cellChars');
      chars += length(value);
    }
    if (chars > limits.text) throw new Over('text');
    batch.push({ rowNo: row.number, cells: values });
    if (headerOnly) break;
    if (batch.length === BATCH) {
      parentPort.postMessage({ rows: batch });
      batch = [];
    }
  }
  parentPort.postMessage({ rows: batch });
}

try {
  await read();
  parentPort.postMessage({ done: true });
} catch (err) {
  parentPort.postMessage(err instanceof Over ? { over: err.limit } : { invalid: String(err?.message ?? err) });
}
