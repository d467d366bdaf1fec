import { http } from '../../../shared/request';
import type { LogEntry } from '../error-log-store';

/** POST /us-log/log/saveUsualLog with the entries as the body (at most 200 per call). */
export function saveLogs(entries: LogEntry[]): Promise<unknown> {
  return http.post('/us-log/log/saveUsualLog', entries);
}
