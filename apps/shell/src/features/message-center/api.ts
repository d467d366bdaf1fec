import type { Page } from '@wb/contracts/envelope';
import { http } from '../../shared/request';
import type { Announcement, Reminder } from '../notices/api/notices';

/** 全部 (undefined), 未读 (0) or 已读 (1): the lists' `readStatus` filter. */
export type ReadFilter = 0 | 1 | undefined;

const query = (current: number, size: number, readStatus: ReadFilter) => ({ current, size, ...(readStatus === undefined ? {} : { readStatus }) });

/** The bell's calls, paged and filtered (shell spec §7 'Notifications and versions'). */
export const pageAnnouncements = (current: number, size: number, readStatus: ReadFilter) =>
  http.post<Page<Announcement>>('/us-system/system-notify/pageSystemNotify', query(current, size, readStatus));
export const pageReminders = (current: number, size: number, readStatus: ReadFilter) =>
  http.post<Page<Reminder>>('/us-system/message-notify/pageMessageNotify', query(current, size, readStatus));
