/**
 * The error log's code (store, capture, reload offer) loads after start
 * rather than with the entry, which every route pays for: right away in the
 * shell, once the shell starts loading in the login document (`after`). Errors
 * raised before it arrives are queued here and recorded once it does, so none is lost.
 */
type Recorded = [thrown: unknown, info: string];

export function captureErrorsFromStart(after: Promise<unknown> = Promise.resolve()): void {
  const early: Recorded[] = [];
  const onError = (event: ErrorEvent) => early.push([event.error ?? event.message, 'window.onerror']);
  const onRejection = (event: PromiseRejectionEvent) => early.push([event.reason, 'unhandledrejection']);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  void after
    .then(() => import('../features/error-log/capture'))
    .then(({ installErrorCapture, recordError }) => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      installErrorCapture();
      for (const [thrown, info] of early) recordError(thrown, info);
    });
}

/** Records an error a component boundary caught (the log's code may still be loading). */
export function recordCaughtError(error: unknown, info: string): void {
  void import('../features/error-log/capture').then(({ recordError }) => recordError(error, info));
}
