import { IMPORT_PAGE_SIZE, IMPORT_PATHS, type ImportRecord } from '@wb/contracts/imports';
import { saveBlob } from '@wb/resource-ui/download';
import { http } from '../../../shared/request';

export interface ImportPage {
  records: ImportRecord[];
  total: number;
}

/** POST /us-resource/file-import/pageList (pageNum, pageSize 10, project id). */
export function fetchImports(pageNum: number, projectId: string | undefined): Promise<ImportPage> {
  return http.post<ImportPage>(IMPORT_PATHS.list, { pageNum, pageSize: IMPORT_PAGE_SIZE, ...(projectId ? { projectId } : {}) }, { silent: true });
}

/** GET /us-resource/file-import/getById (id). */
export function fetchImport(id: string): Promise<ImportRecord> {
  return http.get<ImportRecord>(IMPORT_PATHS.detail, { id }, { silent: true });
}

/** GET /us-resource/file-import/export (importId): the rows it refused, saved as a file. A failure is only logged (shell spec §8). */
export async function saveErrorFile(record: ImportRecord): Promise<void> {
  try {
    const { blob, fileName } = await http.download(IMPORT_PATHS.errorFile, { importId: record.id });
    saveBlob(blob, fileName ?? `${record.fileName}-errors.xlsx`);
  } catch (error) {
    console.error('error file download failed', error);
  }
}
