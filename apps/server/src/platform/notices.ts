import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Changes } from './changes';

/** What changed for whom: an announcement published to a tenant ('*': every tenant) or some of its roles, a reminder for one user. */
export interface NoticeSignal {
  kind: 'announcement' | 'reminder';
  tenantId: string;
  roleIds?: number[];
  userId?: number;
  /** the signal's own id: the writer's instance hears it twice (at once, and back from NOTIFY) */
  id?: string;
}

/** Tells the open notice streams of every instance, when `db`'s transaction commits. */
export const signalNotice = (changes: Changes, db: Db, signal: NoticeSignal) => changes.publish(db, 'notices', JSON.stringify({ ...signal, id: randomUUID() }));
