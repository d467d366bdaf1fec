import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileImport, fileImportError } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { ERROR_FILE_COLUMNS, isErrorFileColumn } from '../../platform/crud/import';
import { xlsxStream } from '../../platform/crud/export';
import { Envelope, formatTime, idStr, notFound, ok } from '../../platform/envelope';
import { IdText, requestValues } from '../../platform/input-types';
import { JOB_STATUS } from '../../platform/job-runs';
import { attachmentDisposition, FILE_LINK_PATH } from '../../platform/storage';

const ImportRecord = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  /** the uploaded file, signed for the caller's tenant by the answer's hook */
  obsUrl: Type.String(),
  /** 0 running, 1 finished (shell spec §3) */
  status: Type.Integer({ description: '1 已结束, 0 进行中' }),
  totalNum: Type.Integer(),
  successNum: Type.Integer(),
  failedNum: Type.Integer(),
  /** the resource's name, and why the whole file was refused or the run stopped ('' when neither) */
  resource: Type.String(),
  errorMsg: Type.String(),
  createTime: Type.String(),
  endTime: Type.String(),
});

type ImportRow = typeof fileImport.$inferSelect;

const record = (r: ImportRow) => ({
  id: idStr(r.id),
  fileName: r.fileName,
  obsUrl: `${FILE_LINK_PATH}/${r.objectName}`,
  status: r.jobStatus === JOB_STATUS.running ? 0 : 1,
  totalNum: r.totalNum,
  successNum: r.successNum,
  failedNum: r.failedNum,
  resource: r.resource,
  errorMsg: r.error ?? '',
  createTime: formatTime(r.createTime),
  endTime: formatTime(r.jobEndTime),
});

const ERROR_BATCH = 1000;

/** The upload centre: the caller's own imports, each with its counts and its error file (shell spec §7 'Downloads and uploads'). */
export function importRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const mine = (req: FastifyRequest) => {
      const me = caller(req);
      return and(eq(fileImport.tenantId, me.tenantId), eq(fileImport.userId, me.userId));
    };
    const PageParams = Type.Object({
      pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      // the shell sends its current project; imports belong to their user, whatever the project
      projectId: Type.Optional(Type.String({ maxLength: 64 })),
    });
    app.post('/us-resource/file-import/pageList', {
      schema: {
        tags: ['资源'],
        summary: '上传中心: 我的导入 (分页参数在请求体或查询参数中)',
        body: Type.Optional(PageParams),
        querystring: PageParams,
        response: { 200: Envelope(Type.Object({ records: Type.Array(ImportRecord), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() })) },
      },
      config: { signedIn: true, fieldMessages: { pageNum: { label: '页码' }, pageSize: { label: '每页条数' } } },
      handler: async (req) => {
        const { pageNum = 1, pageSize = 10 } = requestValues<{ pageNum?: number; pageSize?: number }>(req);
        const [rows, [{ total }]] = await Promise.all([
          db
            .select()
            .from(fileImport)
            .where(mine(req))
            .orderBy(desc(fileImport.id))
            .limit(pageSize)
            .offset((pageNum - 1) * pageSize),
          db.select({ total: count() }).from(fileImport).where(mine(req)),
        ]);
        return ok({ records: rows.map(record), total, pageNum, pageSize });
      },
    });

    const own = async (req: FastifyRequest, id: string) => {
      const [row] = await db
        .select()
        .from(fileImport)
        .where(and(mine(req), eq(fileImport.id, Number(id))));
      if (!row) throw notFound('导入记录不存在');
      return row;
    };

    app.get('/us-resource/file-import/getById', {
      schema: { tags: ['资源'], summary: '上传中心: 一次导入的进度与结果', querystring: Type.Object({ id: IdText() }), response: { 200: Envelope(ImportRecord) } },
      config: { signedIn: true, fieldMessages: { id: { label: '导入记录' } } },
      handler: async (req) => ok(record(await own(req, (req.query as { id: string }).id))),
    });

    app.get('/us-resource/file-import/export', {
      schema: {
        tags: ['资源'],
        summary: '上传中心: 错误文件 (未导入的行及原因, 改正后可再次导入)',
        querystring: Type.Object({ importId: IdText() }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
      config: { signedIn: true, fieldMessages: { importId: { label: '导入记录' } } },
      handler: async (req, reply) => {
        const job = await own(req, (req.query as { importId: string }).importId);
        if (!job.failedNum) throw notFound('该导入没有失败的行');
        // the file's own columns first, so the corrected file can be imported again as it is
        // (an error file imported again brings its own 行号 and 错误信息: they are made anew)
        const columns = [
          ...job.headers.flatMap((h, i) => (isErrorFileColumn(h) ? [] : [{ header: h, key: `c${i}`, width: 18 }])),
          { header: ERROR_FILE_COLUMNS.rowNo, key: 'rowNo', width: 8 },
          { header: ERROR_FILE_COLUMNS.message, key: 'message', width: 50 },
        ];
        async function* batches() {
          for (let after = 0; ;) {
            const rows = await db
              .select()
              .from(fileImportError)
              .where(and(eq(fileImportError.importId, job.id), gt(fileImportError.rowNo, after)))
              .orderBy(asc(fileImportError.rowNo))
              .limit(ERROR_BATCH);
            if (!rows.length) return;
            yield rows.map((r) => ({ ...Object.fromEntries(r.cells.map((c, i) => [`c${i}`, c])), rowNo: r.rowNo, message: r.message }));
            after = rows[rows.length - 1].rowNo;
          }
        }
        const name = job.fileName.replace(/\.xlsx$/i, '');
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentDisposition(`${name}-错误数据.xlsx`))
          .send(xlsxStream('错误数据', columns, batches()));
      },
    });
  };
}
