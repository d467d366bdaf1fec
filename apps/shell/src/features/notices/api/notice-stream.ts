import { createParser } from 'eventsource-parser';
import { http } from '../../../shared/request';

export type NoticeKind = 'announcement' | 'reminder';

/** after a stream ends or fails, the next try waits this long, doubling up to the longest */
const RETRY_MS = 5000;
const LONGEST_RETRY_MS = 5 * 60_000;

async function readNotices(res: Response, onNotice: (kind: NoticeKind) => void): Promise<void> {
  const parser = createParser({
    onEvent: (e) => {
      if (e.event !== 'notice') return;
      const kind = (JSON.parse(e.data) as { kind?: string }).kind;
      if (kind === 'announcement' || kind === 'reminder') onNotice(kind);
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

/**
 * Keeps the server's notice stream (GET /us-system/notify/stream) open until `signal` aborts,
 * calling `onNotice` for each notice that reached the user. The server ends a stream when the
 * token it was opened with expires, and this opens the next with the token of the moment; a
 * failure waits before trying again, longer each time. The popover's polling goes on
 * regardless: this only makes it sooner.
 */
export async function watchNotices(onNotice: (kind: NoticeKind) => void, signal: AbortSignal): Promise<void> {
  let wait = RETRY_MS;
  while (!signal.aborted) {
    const opened = Date.now();
    try {
      const res = await http.stream('/us-system/notify/stream', signal);
      if (res.ok && res.body) {
        await readNotices(res, onNotice);
        // a stream that lived a while ended as planned (its token expired): the next one at once
        if (Date.now() - opened > RETRY_MS) {
          wait = RETRY_MS;
          continue;
        }
      }
    } catch {
      // offline, aborted or cut off: the polling still runs
    }
    if (signal.aborted) return;
    await new Promise((resume) => setTimeout(resume, wait));
    wait = Math.min(wait * 2, LONGEST_RETRY_MS);
  }
}
