import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { downloadJob } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, formatTime, idStr, ok } from '../../platform/envelope';
import { JOB_STATUS } from '../../platform/job-runs';
import { FILE_LINK_PATH } from '../../platform/storage';

const DownloadRecord = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  /** the file once done, signed for the caller's tenant by the answer's hook; '' before */
  fileUrl: Type.String(),
  fileSize: Type.Union([Type.Number(), Type.Null()]),
  jobStatus: Type.Integer({ description: '3 完成, 2 进行中, -1 失败' }),
  completeRate: Type.Integer({ description: '进度 (百分比)' }),
  rowCount: Type.Integer(),
  createTime: Type.String(),
  jobEndTime: Type.String(),
});

/** The download centre: the caller's own exports, newest first (shell spec §7 'Downloads and uploads'). */
export function downloadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.get('/us-resource/base/download/downloadList', {
      schema: {
        tags: ['资源'],
        summary: '下载中心: 我的导出任务',
        querystring: Type.Object({
          current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          // the shell sends its current project; exports belong to their user, whatever the project
          projectId: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: {
          200: Envelope(Type.Object({ records: Type.Array(DownloadRecord), total: Type.Integer(), current: Type.Integer(), size: Type.Integer(), allCompleted: Type.Boolean() })),
        },
      },
      config: { signedIn: true, fieldMessages: { current: { label: '页码' }, size: { label: '每页条数' } } },
      handler: async (req) => {
        const me = caller(req);
        const { current = 1, size = 10 } = req.query as { current?: number; size?: number };
        const mine = and(eq(downloadJob.tenantId, me.tenantId), eq(downloadJob.userId, me.userId));
        const [rows, [{ total, running }]] = await Promise.all([
          db
            .select()
            .from(downloadJob)
            .where(mine)
            .orderBy(desc(downloadJob.id))
            .limit(size)
            .offset((current - 1) * size),
          db
            .select({ total: count(), running: sql<number>`count(*) filter (where ${downloadJob.jobStatus} = ${JOB_STATUS.running})`.mapWith(Number) })
            .from(downloadJob)
            .where(mine),
        ]);
        return ok({
          records: rows.map((r) => ({
            id: idStr(r.id),
            fileName: r.fileName,
            fileUrl: r.jobStatus === JOB_STATUS.done && r.objectName ? `${FILE_LINK_PATH}/${r.objectName}` : '',
            fileSize: r.fileSize,
            jobStatus: r.jobStatus,
            completeRate: r.completeRate,
            rowCount: r.rowCount,
            createTime: formatTime(r.createTime),
            jobEndTime: formatTime(r.jobEndTime),
          })),
          total,
          current,
          size,
          allCompleted: running === 0,
        });
      },
    });
  };
}
