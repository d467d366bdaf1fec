import { RULE_TYPE, type SubscribeReminder } from '@wb/contracts/resources/subscription';
import { SUBSCRIBE_REMINDER_STORE_PREFIX } from '../../shared/storage-names';
import type { SubscribeTarget } from './api/subscription';

/**
 * The expiry reminder's rules (shell spec §4 'Expiry reminder', §9): checked at mount and every
 * ten minutes; the server is asked only from 09:00 local time and only if the reminder was not
 * shown yet today for this project (a local key per project holding the date); it shows if the
 * user never dismissed it, else at most once a day.
 */
export const REMINDER_CHECK_MS = 600_000;
export const REMINDER_FROM_HOUR = 9;

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar date, as the server writes dates ('yyyy-MM-dd'). */
export const localDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Whether to ask the server now: after 09:00, and not shown yet today (`shownOn`: the date it last was). */
export const mayAsk = (now: Date, shownOn: string | undefined): boolean => now.getHours() >= REMINDER_FROM_HOUR && shownOn !== localDate(now);

/** Whether a due reminder shows: never dismissed, or dismissed on another day than today. */
export const shouldShow = (reminder: Pick<SubscribeReminder, 'dismissed' | 'dismissTime'>, now: Date): boolean =>
  !reminder.dismissed || reminder.dismissTime.slice(0, 10) !== localDate(now);

/** ruleType 2 shows the package's own text; any other the default message. */
export const isCustomText = (reminder: Pick<SubscribeReminder, 'ruleType' | 'content'>): boolean => reminder.ruleType === RULE_TYPE.custom && !!reminder.content;

/** The wrapped storage name of the date the reminder was last shown: per tenant, user, company and project (cleared on logout). */
export const reminderStoreName = (owner: { tenantId?: string; userId?: string }, target: SubscribeTarget): string =>
  `${SUBSCRIBE_REMINDER_STORE_PREFIX}${owner.tenantId ?? ''}-${owner.userId ?? ''}-${target.companyId}-${target.projectId}`;
