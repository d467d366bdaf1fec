/** An import of the upload centre (shell spec §3 'Upload/import record'), as its list and detail answer it. */
export interface ImportRecord {
  id: string;
  fileName: string;
  /** the uploaded file's signed link */
  obsUrl: string;
  /** 1 finished, 0 running */
  status: number;
  totalNum: number;
  successNum: number;
  failedNum: number;
  /** the imported resource's name */
  resource: string;
  /** why the whole file was refused or the run stopped; '' when neither */
  errorMsg: string;
  createTime: string;
  endTime: string;
}

export const IMPORT_PATHS = {
  list: '/us-resource/file-import/pageList',
  detail: '/us-resource/file-import/getById',
  errorFile: '/us-resource/file-import/export',
} as const;

/** An item polls its detail this often until it is finished (shell spec §9). */
export const IMPORT_POLL_MS = 1000;
export const IMPORT_PAGE_SIZE = 10;

/** Finished with nothing written and nothing refused: 'import failed'; otherwise 'import completed' (shell spec §4 'Import item'). */
export const importFailed = (r: Pick<ImportRecord, 'status' | 'successNum' | 'failedNum'>): boolean => r.status === 1 && r.successNum === 0 && r.failedNum === 0;

/** Percent done: (failed + success) / total. */
export const importPercent = (r: Pick<ImportRecord, 'totalNum' | 'successNum' | 'failedNum'>): number =>
  r.totalNum ? Math.min(100, Math.floor(((r.failedNum + r.successNum) * 100) / r.totalNum)) : 0;
