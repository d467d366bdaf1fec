import { create } from 'zustand';
import { getStore, setStore } from '../../shared/storage';
import { ERROR_LOG_STORE_NAME } from '../../shared/storage-names';

/** A local error log entry, the body of POST /us-log/log/saveUsualLog. */
export interface LogEntry {
  type: 'bug';
  url: string;
  message: string;
  stack: string;
  /** where it was caught: 'window.onerror', 'unhandledrejection', or a component stack */
  info: string;
  /** local time, 'YYYY-MM-DD HH:mm:ss' */
  time: string;
  /** a call the server failed: its X-Request-Id, which the server's logs carry too */
  requestId?: string;
}

/** The server takes at most 200 entries a call; older entries are dropped first. */
export const MAX_LOG_ENTRIES = 200;
/** Field limits of the upload call, so one huge stack cannot make the whole upload fail. */
const LIMITS = { url: 2000, message: 4000, stack: 20000, info: 4000 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** What was thrown (anything can be) as a log entry. */
export function toLogEntry(thrown: unknown, info: string, url: string, now: Date = new Date()): LogEntry {
  const error = thrown instanceof Error ? thrown : undefined;
  const message = error ? `${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error.message}` : text(thrown);
  return {
    type: 'bug',
    url: url.slice(0, LIMITS.url),
    message: (message || 'Unknown error').slice(0, LIMITS.message),
    stack: (error?.stack ?? '').slice(0, LIMITS.stack),
    info: info.slice(0, LIMITS.info),
    time: formatTime(now),
  };
}

/** Newest first, at most `max`. */
export function appendEntry(list: LogEntry[], entry: LogEntry, max = MAX_LOG_ENTRIES): LogEntry[] {
  return [entry, ...list].slice(0, max);
}

interface ErrorLogState {
  logs: LogEntry[];
  add(entry: LogEntry): void;
  /** removes the given entries (those just uploaded), or all */
  clear(entries?: LogEntry[]): void;
}

function stored(): LogEntry[] {
  const value = getStore<LogEntry[]>(ERROR_LOG_STORE_NAME);
  return Array.isArray(value) ? value : [];
}

export const useErrorLog = create<ErrorLogState>()((set, get) => {
  const save = (logs: LogEntry[]) => {
    try {
      setStore(ERROR_LOG_STORE_NAME, logs);
    } catch {
      // A full local store must not turn one error into an endless loop of them.
    }
    set({ logs });
  };
  return {
    logs: stored(),
    add: (entry) => save(appendEntry(get().logs, entry)),
    clear: (entries) => {
      if (!entries) return save([]);
      const gone = new Set(entries);
      save(get().logs.filter((entry) => !gone.has(entry)));
    },
  };
});

/** Picks up a log another tab or a logout changed. */
export function reloadErrorLog(): void {
  useErrorLog.setState({ logs: stored() });
}
