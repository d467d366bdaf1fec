import type { SelectedProject } from '@wb/contracts/project';
import { SUBSCRIBE_PATHS, type SubscribePackage, type SubscribeReminder } from '@wb/contracts/resources/subscription';
import { http } from '../../../shared/request';

/** What the subscription calls are about: the picked project, or a company's or city's 'all' entry (the company's package). */
export interface SubscribeTarget {
  companyId: string;
  projectId: string;
}

/** The picker's node as a target; none before a project is picked (the path starts with the company). */
export const targetOf = (project: Pick<SelectedProject, 'id' | 'list'>): SubscribeTarget | undefined =>
  project.list.length ? { companyId: project.list[0], projectId: project.id } : undefined;

/** GET package/list (account, companyId, projectId): the package in effect, or none. */
export const fetchPackages = (target: SubscribeTarget, account?: string) =>
  http.get<SubscribePackage[]>(SUBSCRIBE_PATHS.packageList, { ...target, ...(account ? { account } : {}) }, { silent: true });

/** GET notify/list: the expiry reminder due for this user and project, if any. */
export const fetchReminders = (target: SubscribeTarget) => http.get<SubscribeReminder[]>(SUBSCRIBE_PATHS.notifyList, { ...target }, { silent: true });

/** Closing the reminder, or viewing the detail, records the dismissal on the server for this project. */
export const dismissReminder = (target: SubscribeTarget) => http.post(SUBSCRIBE_PATHS.dismiss, target, { silent: true });
