import { http } from '../../../shared/request';

/** An announcement as the shell receives it (shell spec §3): `content` is URI-encoded rich text. */
export interface Announcement {
  systemNotifyUserId: string;
  title: string;
  content: string;
  createTime: string;
  /** 0 unread, 1 read */
  readStatus: number;
}

/** A supervision reminder (督办提醒). */
export interface Reminder {
  id: string;
  content: string;
  createTime: string;
  modelName: string;
  url: string;
  readStatus: number;
}

interface Page<T> {
  records: T[];
  total: number;
}

/** shell spec §9: reminders every 60 s, announcements every 600 s, the first fetch 1 s after the workbench opens; one page of 100. */
export const REMINDER_POLL_MS = 60_000;
export const ANNOUNCEMENT_POLL_MS = 600_000;
export const FIRST_FETCH_DELAY_MS = 1000;
const PAGE = { current: 1, size: 100 };

const params = (projectId: string | undefined, userCode: string | undefined) => ({ ...PAGE, ...(projectId ? { projectId } : {}), ...(userCode ? { userCode } : {}) });

export const fetchAnnouncements = (projectId?: string, userCode?: string) =>
  http.post<Page<Announcement>>('/us-system/system-notify/pageSystemNotify', params(projectId, userCode), { silent: true });
export const fetchReminders = (projectId?: string, userCode?: string) =>
  http.post<Page<Reminder>>('/us-system/message-notify/pageMessageNotify', params(projectId, userCode), { silent: true });

/** The bell's lists, shared with the workbench home (one cache: reading on one marks on both). */
export const announcementsQuery = (projectId?: string, userCode?: string) => ({ queryKey: ['notices', 'announcements'], queryFn: () => fetchAnnouncements(projectId, userCode) });
export const remindersQuery = (projectId?: string, userCode?: string) => ({ queryKey: ['notices', 'reminders'], queryFn: () => fetchReminders(projectId, userCode) });

export const markAnnouncementRead = (systemNotifyUserId: string) =>
  http.post('/us-system/system-notify/updateSystemNotifyUser', { systemNotifyUserId, readStatus: 1 }, { silent: true });
export const markReminderRead = (id: string) => http.post('/us-system/message-notify/updateMessageNotifyUser', { id, readStatus: 1 }, { silent: true });

/** The rich text of an announcement as it came: URI-encoded; left as it is if it is not. */
export function announcementHtml(content: string): string {
  try {
    return decodeURIComponent(content);
  } catch {
    return content;
  }
}
