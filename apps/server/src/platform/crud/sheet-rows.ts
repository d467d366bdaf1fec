import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { ApiError, badRequest, formatTime } from '../envelope';

const MB = 1024 * 1024;

/**
 * What reading one .xlsx may take (the upload itself is at most 10 MB, import.ts). A file past any
 * of these is refused at once with the limit in its words, at the upload's header check as in the job.
 */
export const SHEET_LIMITS = {
  /** every part of the archive once inflated, as its central directory declares them (200 MB of one byte deflates to 200 KB) */
  unzippedBytes: 100 * MB,
  /** Excel's own limit for one cell */
  cellChars: 32_767,
  /** 50,000 rows of 20 columns, each cell its own */
  sharedStrings: 1_000_000,
  sharedStringBytes: 50 * MB,
  /**
   * What the rows bring to the main thread, 50,000 rows of 40 cells and 600 characters: a cell carries a
   * copy of its shared string, and a row is as wide as its last cell (`XFD1` makes 16,384)
   */
  cells: 2_000_000,
  text: 30_000_000,
};

/** The reading thread's heap: a file that keeps within the limits above but not within this is refused too. */
const READER_HEAP_MB = 96;
/** A read that takes longer is ended (50,000 rows take a few seconds). */
const READ_MS = 120_000;
/** Reads at once: each may take its heap. */
const READERS = 2;

type Limit = keyof typeof SHEET_LIMITS | 'declaredBytes' | 'rows';

const refusal = (limit: Limit, maxRows: number): string =>
  ({
    unzippedBytes: `解压后超过 ${SHEET_LIMITS.unzippedBytes / MB} MB`,
    declaredBytes: '解压后超过其声明的大小, 文件已损坏',
    cellChars: `单元格内容过长 (上限 ${SHEET_LIMITS.cellChars} 字符)`,
    sharedStrings: `共享字符串超过上限 ${SHEET_LIMITS.sharedStrings} 个`,
    sharedStringBytes: `共享字符串超过上限 ${SHEET_LIMITS.sharedStringBytes / MB} MB`,
    rows: `行数超过上限 ${maxRows} 行, 请拆分文件后再导入`,
    cells: `单元格数超过上限 ${SHEET_LIMITS.cells} 个`,
    text: `文字超过上限 ${SHEET_LIMITS.text} 字符`,
  })[limit];

const NOT_XLSX = '文件不是有效的 Excel (.xlsx)';

/** What the reading thread (sheet-worker.mjs) says. */
type Said = { rows: { rowNo: number; cells: (string | Date)[] }[] } | { over: Limit } | { invalid: string } | { done: true };

let reading = 0;
const waiting: (() => void)[] = [];
async function turn(): Promise<void> {
  while (reading >= READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
}
function release(): void {
  reading--;
  waiting.shift()?.();
}

/**
 * The rows of an .xlsx's first sheet, read on a thread of its own (sheet-worker.mjs) within
 * SHEET_LIMITS: the header row, then each row with its number in the file; blank rows are skipped.
 * Dates are written 'yyyy-MM-dd HH:mm:ss'. More than `maxRows` rows after the header throws, once the
 * count is known; so does a file past a limit (400 naming `file`).
 */
export async function* sheetRows(data: Buffer, maxRows: number, headerOnly = false): AsyncGenerator<{ rowNo: number; cells: string[] }> {
  await turn();
  // everything after the turn is taken gives it back, even a thread that cannot be started
  let worker: Worker | undefined;
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const ended = new AbortController();
  try {
    worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
      workerData: { data, limits: { ...SHEET_LIMITS, rows: maxRows }, headerOnly },
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    const started = worker;
    timer = setTimeout(() => {
      late = true;
      void started.terminate();
    }, READ_MS);
    // the loop below hears its errors; one after the loop (its thread already ending) matters no more
    worker.on('error', () => {});
    worker.once('exit', () => ended.abort());
    for await (const [said] of on(worker, 'message', { signal: ended.signal }) as AsyncIterable<[Said]>) {
      if ('rows' in said) for (const { rowNo, cells } of said.rows) yield { rowNo, cells: cells.map((c) => (c instanceof Date ? formatTime(c) : c)) };
      else if ('over' in said) throw badRequest(refusal(said.over, maxRows), 'file');
      else if ('invalid' in said) throw Object.assign(badRequest(NOT_XLSX, 'file'), { cause: said.invalid });
      else return;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw badRequest(`文件过于复杂, 读取时超过内存上限 ${READER_HEAP_MB} MB`, 'file');
    if (late) throw badRequest(`读取超时 (上限 ${READ_MS / 1000} 秒)`, 'file');
    if (ended.signal.aborted) throw new Error('the sheet reader stopped without a word', { cause: err });
    throw err;
  } finally {
    clearTimeout(timer);
    await worker?.terminate();
    release();
  }
}

/** The header row of an .xlsx, or a 400 saying the file is not one or is past a limit. */
export async function headerRow(data: Buffer): Promise<string[]> {
  // an .xlsx is a zip: anything else (a .xls, a .csv renamed) is refused before it is parsed
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest(NOT_XLSX, 'file');
  try {
    for await (const { cells } of sheetRows(data, Number.MAX_SAFE_INTEGER, true)) return cells;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest(NOT_XLSX, 'file');
  }
  throw badRequest('文件中没有数据', 'file');
}
