import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { caller, type AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/envelope';
import type { NoticeSignal } from '../../platform/notices';

function reaches(s: NoticeSignal, me: AuthUser): boolean {
  if (s.tenantId !== '*' && s.tenantId !== me.tenantId) return false;
  if (s.userId !== undefined) return s.userId === me.userId;
  return !s.roleIds?.length || s.roleIds.some((r) => me.roleIds.includes(r));
}

/** a comment this often keeps proxies and load balancers from closing a quiet stream */
const HEARTBEAT_MS = 25_000;
/** streams one user may hold on an instance (a tab each); more is a misbehaving client */
const MAX_STREAMS_PER_USER = 8;

/** The stream's path; the tests that inject into every route leave it out (inject waits for an answer's end). */
export const NOTICE_STREAM_PATH = '/us-system/notify/stream';

const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /us-system/notify/stream: server-sent events telling the shell that a notice reached the
 * caller (`notice` with its kind), so the popover fetches at once; polling stays the fallback.
 * It carries no notice itself, only that there is something to fetch. The stream ends when the
 * caller's access token does, and the shell opens a new one with the token it has then. A lost
 * database notification connection (heard as '*') tells every stream to fetch both lists.
 */
export function noticeStreamRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const open = new Map<PassThrough, AuthUser>();
    // the signals heard lately: the writer's instance hears each twice (at once, and back from NOTIFY)
    const heard = new Set<string>();
    ctx.changes.on('notices', (detail) => {
      let signal: NoticeSignal | null = null;
      try {
        signal = detail === '*' ? null : (JSON.parse(detail) as NoticeSignal);
      } catch {
        return;
      }
      if (signal?.id) {
        if (heard.has(signal.id)) return;
        if (heard.size >= 1000) heard.clear();
        heard.add(signal.id);
      }
      for (const [stream, me] of open) {
        if (!signal) for (const kind of ['announcement', 'reminder']) stream.write(event('notice', { kind }));
        else if (reaches(signal, me)) stream.write(event('notice', { kind: signal.kind }));
      }
    });
    // an open stream would keep the server from closing
    app.addHook('preClose', async () => {
      for (const stream of open.keys()) stream.end();
    });

    app.get(NOTICE_STREAM_PATH, {
      schema: { tags: ['通知'], summary: '通知推送 (text/event-stream): 有新的系统公告或督办提醒时发出 notice 事件', produces: ['text/event-stream'] },
      config: { signedIn: true },
      handler: async (req, reply) => {
        const me = caller(req);
        if ([...open.values()].filter((u) => u.userId === me.userId && u.tenantId === me.tenantId).length >= MAX_STREAMS_PER_USER)
          throw new ApiError(429, '打开的通知连接过多, 请关闭多余的页面');
        const stream = new PassThrough();
        open.set(stream, me);
        const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
        const expiry = setTimeout(() => stream.end(), Math.max(0, me.exp * 1000 - Date.now()));
        const done = () => {
          open.delete(stream);
          clearInterval(heartbeat);
          clearTimeout(expiry);
          stream.end();
        };
        reply.raw.on('close', done);
        stream.on('close', done);
        stream.write(event('ready', {}));
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-store')
            // the connection is this stream's: closed with it, not kept for another request
            .header('connection', 'close')
            // nginx would hold the events back in its buffer
            .header('x-accel-buffering', 'no')
            .send(stream)
        );
      },
    });
  };
}
