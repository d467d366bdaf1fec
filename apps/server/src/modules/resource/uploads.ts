import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { attach } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, idStr, ok } from '../../platform/envelope';
import { storeChecked } from '../../platform/file-intake';
import { fileMessages, kindOfName } from '../../platform/file-kinds';
import { storedFile } from '../../platform/storage';

/** What an upload answers (the family's BladeFile): the stored link, signed for the tenant by the answer's hook. */
export const UploadedFile = Type.Object({ link: Type.String(), domain: Type.String(), name: Type.String(), originalName: Type.String(), attachId: Type.String() });

/** Control characters: never part of a name kept or sent back in a header. */
// eslint-disable-next-line no-control-regex -- they are what the pattern is for
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The name a user gave a file, kept as the attach row's metadata only: no folders, no control characters, at most 200 characters. */
export function originalNameOf(given: string): string {
  const base = given.split(/[\\/]/).pop()!;
  return base.replace(CONTROL, '').slice(0, 200).trim() || 'file';
}

/**
 * The general file upload (shell spec §7 'Files'): one multipart field `file`, taken when its
 * bytes are the allowed kind its name claims (platform/file-kinds.ts) and it is no larger than
 * UPLOAD_MAX_BYTES. It is streamed into the store under a name the server makes (uuid.ext) and
 * recorded as a file of the caller's tenant.
 */
export function uploadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const max = ctx.config.uploadMaxBytes;
    const messages = fileMessages('file');
    app.post('/us/file/biz/file/upload', {
      schema: {
        tags: ['资源'],
        summary: '上传文件 (multipart 字段 file; 图片、PDF、Office、zip、文本, 按内容检查类型, 有大小上限)',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadedFile) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件 file', 'file');
        // one byte over the limit is enough to know the file is too large (ContentCheck says so)
        const part = await req.file({ limits: { fileSize: max + 1, files: 1, fields: 5 } });
        if (!part) throw badRequest('缺少文件 file', 'file');
        const ext = kindOfName(part.filename);
        if (!ext) {
          part.file.resume();
          throw badRequest(messages.type, 'file');
        }
        const name = `${randomUUID()}.${ext}`;
        const { store, ossId } = await ctx.stores.forUpload(me.tenantId);
        const size = await storeChecked(store, name, ext, part.file, max);
        const stored = storedFile({ tenantId: me.tenantId, userId: me.userId, name, originalName: originalNameOf(part.filename), size, ossId });
        try {
          const [row] = await db.insert(attach).values(stored).returning({ id: attach.id });
          return ok({ link: stored.link, domain: '', name, originalName: stored.originalName, attachId: idStr(row.id) });
        } catch (err) {
          await store.remove(name);
          throw err;
        }
      },
    });
  };
}
