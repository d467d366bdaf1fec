import { i18n } from '../../shared/i18n/i18n';
import { feedback } from '../../shared/feedback';
import { onServerFailure } from '../../shared/request';
import { ERROR_LOG_STORE_NAME } from '../../shared/storage-names';
import { reloadErrorLog, toLogEntry, useErrorLog } from './error-log-store';
import { isChunkLoadError } from './chunk-error';

/**
 * Records uncaught errors and unhandled rejections of the shell in the local
 * error log. Installed by main.tsx
 * before the first render, so start-up failures are caught too.
 */

/** Failed calls the user already saw as a message (request.ts RequestError) are answers, not bugs. */
function isAnsweredRequest(thrown: unknown): boolean {
  const error = thrown as { name?: unknown; kind?: unknown } | null;
  return !!error && error.name === 'RequestError' && (error.kind === 'business' || error.kind === 'unauthorized');
}

export function recordError(thrown: unknown, info: string): void {
  if (isAnsweredRequest(thrown)) return;
  useErrorLog.getState().add(toLogEntry(thrown, info, window.location.href));
}

let reloadOffered = false;

/** A chunk is missing: offer a reload once (the new deploy has new chunk names). */
export function offerReload(): void {
  if (reloadOffered) return;
  reloadOffered = true;
  feedback().modal.confirm({
    title: i18n.t('boundary.chunkError'),
    okText: i18n.t('boundary.reload'),
    cancelText: i18n.t('common.cancel'),
    onOk: () => window.location.reload(),
    onCancel: () => {
      reloadOffered = false;
    },
  });
}

export function installErrorCapture(target: Window = window): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    // Resource load errors (an <img>) do not bubble to window; these are script errors.
    recordError(event.error ?? event.message, 'window.onerror');
    if (isChunkLoadError(event.error ?? event.message)) offerReload();
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    recordError(event.reason, 'unhandledrejection');
    if (isChunkLoadError(event.reason)) offerReload();
  });
  // Vite reports a failed preload of a lazy chunk's dependencies here before the import rejects.
  target.addEventListener('vite:preloadError', () => offerReload());
  // A call the server failed is recorded with its request id: from the server's error an administrator
  // finds what this shell saw at that moment (日志管理's 追踪), once the log is uploaded.
  onServerFailure((f) => useErrorLog.getState().add({ ...toLogEntry(`${f.method} ${f.url}: ${f.status} ${f.message}`, 'request', target.location.href), requestId: f.requestId }));
  // Another tab recorded or cleared entries.
  target.addEventListener('storage', (event) => {
    if (event.key === null || event.key.endsWith(ERROR_LOG_STORE_NAME)) reloadErrorLog();
  });
}
