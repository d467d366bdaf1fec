import { http } from '../../../shared/request';

/** A job of the download centre (shell spec §3 'Download job'). */
export interface DownloadJob {
  id: string;
  fileName: string;
  /** the file's signed link once done, '' before */
  fileUrl: string;
  fileSize: number | null;
  /** 3 done, 2 running, -1 failed */
  jobStatus: number;
  /** percent */
  completeRate: number;
  jobEndTime: string;
  createTime: string;
}

export interface DownloadPage {
  records: DownloadJob[];
  total: number;
  allCompleted: boolean;
}

export const JOB_DONE = 3;
export const JOB_RUNNING = 2;
export const JOB_FAILED = -1;
export const DOWNLOADS_PAGE_SIZE = 10;
/** the drawer polls the list this often while something runs (shell spec §9) */
export const DOWNLOADS_POLL_MS = 1000;

/** GET /us-resource/base/download/downloadList (current, size 10, project id). */
export function fetchDownloads(current: number, projectId: string | undefined): Promise<DownloadPage> {
  return http.get<DownloadPage>('/us-resource/base/download/downloadList', { current, size: DOWNLOADS_PAGE_SIZE, ...(projectId ? { projectId } : {}) }, { silent: true });
}
