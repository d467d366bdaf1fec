import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AVATAR_LIMIT_BYTES, AVATAR_MESSAGES } from '@wb/contracts/validation';
import { attach } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, idStr, notFound, ok } from '../../platform/envelope';
import { SAFE_OBJECT_NAME } from '../../platform/storage';

/** The first bytes decide the type, not the name or the header the browser sent. */
function imageKind(b: Buffer): { ext: string; mime: string } | null {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  return null;
}

const FILE_PATH = '/us-resource/oss/endpoint/file';

/**
 * put-file takes the avatar (jpg or png, at most 500 kb). Files are
 * served back under an unguessable name, so an <img> can show them without a token.
 */
export function fileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.post('/us-resource/oss/endpoint/put-file', {
      schema: {
        tags: ['资源'],
        summary: '上传文件 (头像: jpg/png, 不超过 500KB)',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Object({ link: Type.String(), domain: Type.String(), name: Type.String(), originalName: Type.String(), attachId: Type.String() })) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件 file', 'file');
        const file = await req.file({ limits: { fileSize: AVATAR_LIMIT_BYTES, files: 1, fields: 5 } });
        if (!file) throw badRequest('缺少文件 file', 'file');
        const bytes = await file.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(AVATAR_MESSAGES.size, 'file');
          throw err;
        });
        const kind = imageKind(bytes);
        if (!kind) throw badRequest(AVATAR_MESSAGES.type, 'file');
        const name = `${randomUUID()}.${kind.ext}`;
        await ctx.store.put(name, bytes);
        const link = `${FILE_PATH}/${name}`;
        const originalName = file.filename.slice(0, 200);
        const [row] = await db
          .insert(attach)
          .values({ tenantId: me.tenantId, link, name, originalName, extension: kind.ext, attachSize: bytes.length, createUser: me.userId, updateUser: me.userId })
          .returning({ id: attach.id });
        return ok({ link, domain: '', name, originalName, attachId: idStr(row.id) });
      },
    });

    app.get(`${FILE_PATH}/:name`, {
      schema: { tags: ['资源'], summary: '读取已上传的文件', params: Type.Object({ name: Type.String({ pattern: SAFE_OBJECT_NAME.source }) }) },
      config: { public: true },
      handler: async (req, reply) => {
        const { name } = req.params as { name: string };
        const found = await ctx.store.get(name);
        if (!found) throw notFound('文件不存在');
        const mime = name.endsWith('.png') ? 'image/png' : name.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream';
        return reply
          .header('content-type', mime)
          .header('content-length', found.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(found.stream);
      },
    });
  };
}
