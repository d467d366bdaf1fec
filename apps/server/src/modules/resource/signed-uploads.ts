import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { attach } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { ApiError, badRequest, EmptyEnvelope, Envelope, forbidden, notFound, ok } from '../../platform/envelope';
import { storeChecked } from '../../platform/file-intake';
import { FILE_KINDS, fileMessages, kindOfName } from '../../platform/file-kinds';
import { IdText } from '../../platform/input-types';
import { tenantScope, visible } from '../../platform/scope';
import { ObjectExists, storedFile } from '../../platform/storage';
import { originalNameOf } from './uploads';

/** Where this server takes the PUT of a signed upload when the store is local disk. */
export const SIGNED_UPLOAD_PATH = '/us-resource/oss/endpoint/signed-upload';
/** how long a signed upload address works: long enough to send a large file, short enough not to be kept */
export const SIGNED_UPLOAD_SECONDS = 600;

const REPLAYED = '该上传地址已使用过, 请重新获取上传地址';

interface UploadGrant {
  tenant: string;
  user: string;
  expires: string;
  signature: string;
}

/**
 * Addresses that let one PUT store one object, for one tenant and user, for a few minutes:
 * `<SIGNED_UPLOAD_PATH>/<uuid>.<ext>?tenant=&user=&expires=&signature=`, the signature an HMAC
 * (the JWT secret) over all of them under a purpose of its own, so that a file link (FileLinks)
 * can never be used to upload, nor an upload address to read.
 */
export class UploadLinks {
  constructor(private readonly secret: string) {}

  private signature(name: string, tenant: string, user: string, expires: string): Buffer {
    return createHmac('sha256', this.secret).update(`signed-upload\n${SIGNED_UPLOAD_PATH}/${name}\n${tenant}\n${user}\n${expires}`).digest().subarray(0, 16);
  }

  sign(name: string, tenant: string, user: string, nowMs = Date.now()): string {
    const expires = String(Math.floor(nowMs / 1000) + SIGNED_UPLOAD_SECONDS);
    const signature = this.signature(name, tenant, user, expires).toString('base64url');
    return `${SIGNED_UPLOAD_PATH}/${name}?${new URLSearchParams({ tenant, user, expires, signature })}`;
  }

  /** Whether the address was signed here for this object and has not expired. */
  verify(name: string, q: UploadGrant, nowMs = Date.now()): boolean {
    const given = Buffer.from(q.signature, 'base64url');
    const wanted = this.signature(name, q.tenant, q.user, q.expires);
    return given.length === wanted.length && timingSafeEqual(given, wanted) && Number(q.expires) * 1000 > nowMs;
  }
}

/** The media type without parameters, as a header may spell it. */
const mediaType = (v: string | undefined) => (v ?? '').split(';')[0].trim().toLowerCase();

/**
 * The spec's object-storage upload (shell spec §7 'Files'): the client asks for a signed address
 * by file name, PUTs the file there with the headers it was given, and uses `url`, the file's
 * link. The file is recorded at once (its attach row, size 0: nothing received yet) under a name
 * the server makes, with the extension the given name has (an allowed kind, or refused). On local
 * disk the PUT comes to this server, which checks it as the general upload does. On S3 it goes to
 * the bucket itself (a presigned PUT): its content and size are checked the first time the file
 * is served (modules/resource/files.ts), and a file that fails is removed.
 */
export function signedUploadRoutes(ctx: AppContext) {
  const links = new UploadLinks(ctx.config.jwtSecret);
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const max = ctx.config.uploadMaxBytes;

    app.get('/wwy-us-adapter/biz/file/createSignedUrlSync/:id', {
      schema: {
        tags: ['资源'],
        summary: '获取上传地址 (按文件名; 用返回的请求头 PUT 文件到 signedUrl, 之后 url 即文件地址)',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 255, description: '要上传的文件名, 如 报表.xlsx' }) }),
        response: {
          200: Envelope(
            Type.Object({
              signedUrl: Type.String({ description: '上传地址 (PUT), 几分钟内有效, 只能用一次' }),
              actualSignedRequestHeaders: Type.Record(Type.String(), Type.String(), { description: 'PUT 时必须带上的请求头' }),
              url: Type.String({ description: '上传后文件的地址' }),
            }),
          ),
        },
      },
      config: { signedIn: true, fieldMessages: { id: { label: '文件名' } } },
      handler: async (req) => {
        const me = caller(req);
        const given = (req.params as { id: string }).id;
        const ext = kindOfName(given);
        if (!ext) throw badRequest(fileMessages('id').type, 'id');
        const name = `${randomUUID()}.${ext}`;
        const mime = FILE_KINDS[ext].mime;
        const { store, ossId } = await ctx.stores.forUpload(me.tenantId);
        const stored = storedFile({ tenantId: me.tenantId, userId: me.userId, name, originalName: originalNameOf(given), size: 0, ossId });
        await db.insert(attach).values(stored);
        const signed = store.presignPut
          ? await store.presignPut(name, mime, SIGNED_UPLOAD_SECONDS)
          : { url: links.sign(name, me.tenantId, String(me.userId)), headers: { 'Content-Type': mime } };
        // url is the stored form of the link: the answer's hook signs it for the caller's tenant
        return ok({ signedUrl: signed.url, actualSignedRequestHeaders: signed.headers, url: stored.link });
      },
    });

    // the PUT's body is the file itself, whatever its type: read as a stream, never parsed
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      raw.put(`${SIGNED_UPLOAD_PATH}/:name`, {
        schema: {
          tags: ['资源'],
          summary: '按签名地址上传文件 (本地存储时; 签名即凭证, 限本租户与本人, 几分钟内有效, 只能用一次)',
          params: Type.Object({ name: Type.String({ pattern: '^[0-9a-f-]{36}\\.[a-z0-9]{1,8}$' }) }),
          querystring: Type.Object({
            tenant: Type.String({ pattern: '^[A-Za-z0-9]{1,12}$' }),
            user: IdText(),
            expires: Type.String({ pattern: '^\\d{1,12}$' }),
            signature: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
          }),
          response: { 200: EmptyEnvelope },
        },
        // no token: the signature is the credential, as on a presigned S3 address
        config: { public: true },
        handler: async (req) => {
          const { name } = req.params as { name: string };
          const grant = req.query as UploadGrant;
          if (!links.verify(name, grant)) throw forbidden('上传地址无效或已过期, 请重新获取上传地址');
          const ext = kindOfName(name);
          if (!ext) throw badRequest(fileMessages('file').type, 'file');
          const mime = FILE_KINDS[ext].mime;
          if (mediaType(req.headers['content-type']) !== mediaType(mime)) throw new ApiError(415, `请求头 Content-Type 应为 ${mime}`, 'Content-Type');
          if (Number(req.headers['content-length'] ?? 0) > max) throw badRequest(fileMessages('file').size(max), 'file');
          const [row] = await db
            .select({ id: attach.id, attachSize: attach.attachSize, ossId: attach.ossId })
            .from(attach)
            .where(visible(attach, tenantScope(grant.tenant), and(eq(attach.name, name), eq(attach.createUser, Number(grant.user)))))
            .limit(1);
          if (!row) throw notFound('上传地址对应的文件不存在');
          if (row.attachSize > 0) throw forbidden(REPLAYED);
          if (!req.body) throw badRequest(fileMessages('file').empty, 'file');
          const size = await storeChecked(await ctx.stores.holding(row.ossId), name, ext, req.body as Readable, max).catch((err: unknown) => {
            throw err instanceof ObjectExists ? forbidden(REPLAYED) : err;
          });
          await db.update(attach).set({ attachSize: size, updateTime: new Date() }).where(eq(attach.id, row.id));
          return ok(null, '上传成功');
        },
      });
    });
  };
}
