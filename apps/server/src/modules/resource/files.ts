import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AVATAR_LIMIT_BYTES, AVATAR_MESSAGES } from '@wb/contracts/validation';
import { attach } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, forbidden, idStr, notFound, ok } from '../../platform/envelope';
import { tenantScope, visible } from '../../platform/scope';
import { storedFileError } from '../../platform/file-intake';
import { FILE_KINDS, kindOfName, MARKUP } from '../../platform/file-kinds';
import { attachmentDisposition, FILE_LINK_PATH, storedFile } from '../../platform/storage';

/** The first bytes decide the type, not the name or the header the browser sent. */
function imageKind(b: Buffer): { ext: string; mime: string } | null {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  return null;
}

/** Names browsers and older clients give the same two types. */
const MIME_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/** Why the bytes are not a picture of the claimed type, or null: magic bytes, claimed type, no markup anywhere (MARKUP, as every uploaded picture). */
export function pictureError(bytes: Buffer, claimedType: string): string | null {
  const kind = imageKind(bytes);
  const claimed = claimedType.toLowerCase().split(';')[0].trim();
  if (!kind || (MIME_ALIASES[claimed] ?? claimed) !== kind.mime) return AVATAR_MESSAGES.type;
  // latin1 maps each byte to one character, so the pattern sees the whole file as it is
  if (MARKUP.test(bytes.toString('latin1'))) return '图片中含有网页代码, 请上传普通的 JPG 或 PNG 图片';
  return null;
}

/**
 * Links to uploaded files that work for one tenant and for a while. The stored link
 * (`/us-resource/oss/endpoint/file/<uuid>.png`, in an avatar, a logo, an image field)
 * serves nothing by itself; answers hand out `<uuid>-<tenant>-<expires>-<signature>.png`,
 * an HMAC (the JWT secret) over the name, the tenant and the expiry. The signature sits in
 * the name rather than the query, so caches that drop queries cannot mix links up and
 * the address still ends with the file's extension.
 */
export class FileLinks {
  /** links made within the same hour are the same link, so the browser's cache serves them */
  static readonly BUCKET_SECONDS = 3600;
  private static readonly SIGNED = /^([0-9a-f-]{36})-([A-Za-z0-9]{1,12})-(\d{1,12})-([A-Za-z0-9_-]{22})\.([a-z0-9]{1,8})$/;

  constructor(
    private readonly secret: string,
    /** how long a link lives at least: the access token's lifetime, refreshed with the token's answer */
    private readonly ttlSeconds: number,
  ) {}

  /** HMAC-SHA256 cut to 128 bits: out of reach of guessing, and the name stays within the router's 100 characters */
  private signature(name: string, tenantId: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`file-link\n${FILE_LINK_PATH}/${name}\n${tenantId}\n${expires}`).digest().subarray(0, 16);
  }

  /** The signed address of the stored object `name` (uuid.ext) for `tenantId`; null for a tenant id that cannot be put in a link. */
  sign(name: string, tenantId: string, nowMs = Date.now()): string | null {
    if (!/^[A-Za-z0-9]{1,12}$/.test(tenantId)) return null;
    const expires = (Math.floor(nowMs / 1000 / FileLinks.BUCKET_SECONDS) + 1) * FileLinks.BUCKET_SECONDS + this.ttlSeconds;
    const dot = name.lastIndexOf('.');
    const sig = this.signature(name, tenantId, expires).toString('base64url');
    return `${FILE_LINK_PATH}/${name.slice(0, dot)}-${tenantId}-${expires}-${sig}${name.slice(dot)}`;
  }

  /** What a signed name grants: the object and the tenant, with the expiry; null when forged, altered or expired. */
  verify(signedName: string, nowMs = Date.now()): { name: string; tenantId: string; expires: number } | null {
    const m = FileLinks.SIGNED.exec(signedName);
    if (!m) return null;
    const [, uuid, tenantId, exp, sig, ext] = m;
    const name = `${uuid}.${ext}`;
    const expires = Number(exp);
    const given = Buffer.from(sig, 'base64url');
    const wanted = this.signature(name, tenantId, expires);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    if (expires * 1000 <= nowMs) return null;
    return { name, tenantId, expires };
  }
}

/** The server's links: signed with its JWT secret, living as long as an access token (and up to an hour more). */
export const fileLinksOf = (ctx: Pick<AppContext, 'config'>) => new FileLinks(ctx.config.jwtSecret, ctx.config.tokenTtl);

/** A file link in text, stored or signed (a JSON answer, a request body). */
const LINK_IN_TEXT = /\/us-resource\/oss\/endpoint\/file\/([0-9a-f-]{36})(?:-[A-Za-z0-9]{1,12}-\d{1,12}-[A-Za-z0-9_-]{22})?\.([a-z0-9]{1,8})(?![A-Za-z0-9])/g;

/** The stored form of every file link in `value`: a form that sends back a signed link it was given stores the link, not the signature. */
function unsigned(value: unknown): unknown {
  if (typeof value === 'string') return value.includes(FILE_LINK_PATH) ? value.replace(LINK_IN_TEXT, (_, uuid: string, ext: string) => `${FILE_LINK_PATH}/${uuid}.${ext}`) : value;
  if (Array.isArray(value)) return value.map(unsigned);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = unsigned(v);
  }
  return value;
}

/** The tenant an answer is for: the caller's; before login, the tenant a token answer was issued for. */
function answerTenant(req: FastifyRequest, payload: string): string | undefined {
  if (req.user) return req.user.tenantId;
  try {
    const parsed = JSON.parse(payload) as { tenant_id?: unknown; access_token?: unknown };
    return typeof parsed.access_token === 'string' && typeof parsed.tenant_id === 'string' ? parsed.tenant_id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For every route of the API context: JSON answers carry file links signed for the
 * caller's tenant (wherever they are: avatars, logos, image fields, the upload's own
 * answer), and request bodies have them unsigned again before they are validated and
 * stored. The modules keep storing and answering plain links.
 */
export function signFileLinks(app: FastifyInstance, ctx: AppContext): void {
  const links = fileLinksOf(ctx);
  app.addHook('preValidation', async (req) => {
    if (req.body && typeof req.body === 'object') req.body = unsigned(req.body);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes(FILE_LINK_PATH) || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const tenantId = answerTenant(req, payload);
    if (!tenantId) return payload;
    return payload.replace(LINK_IN_TEXT, (link, uuid: string, ext: string) => links.sign(`${uuid}.${ext}`, tenantId) ?? link);
  });
}

/**
 * put-file takes the avatar (jpg or png, at most 500 kb), checked whole. Files are
 * served only under a signed name (FileLinks), for the tenant that uploaded them.
 */
export function fileRoutes(ctx: AppContext) {
  const links = fileLinksOf(ctx);
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
        const refused = pictureError(bytes, file.mimetype);
        if (refused) throw badRequest(refused, 'file');
        const kind = imageKind(bytes)!;
        const name = `${randomUUID()}.${kind.ext}`;
        const { store, ossId } = await ctx.stores.forUpload(me.tenantId);
        await store.put(name, bytes);
        // the stored form of the link; the answer's hook signs it for the uploader's tenant
        const stored = storedFile({ tenantId: me.tenantId, userId: me.userId, name, originalName: file.filename.slice(0, 200), size: bytes.length, ossId });
        const [row] = await db.insert(attach).values(stored).returning({ id: attach.id });
        return ok({ link: stored.link, domain: '', name, originalName: stored.originalName, attachId: idStr(row.id) });
      },
    });

    app.get(`${FILE_LINK_PATH}/:name`, {
      schema: {
        tags: ['资源'],
        summary: '读取已上传的文件 (签名链接, 限本租户, 会过期)',
        params: Type.Object({ name: Type.String({ pattern: '^[0-9a-f-]{36}(-[A-Za-z0-9]{1,12}-\\d{1,12}-[A-Za-z0-9_-]{22})?\\.[a-z0-9]{1,8}$' }) }),
      },
      // an <img> sends no token: the signature is the credential
      config: { public: true },
      handler: async (req, reply) => {
        const granted = links.verify((req.params as { name: string }).name);
        if (!granted) throw forbidden('文件链接无效或已过期, 请刷新页面');
        // the file must be one the tenant uploaded (and not removed): a link to another
        // tenant's file, signed because someone stored it in their own record, serves nothing
        const [row] = await db
          .select({ id: attach.id, originalName: attach.originalName, attachSize: attach.attachSize, ossId: attach.ossId })
          .from(attach)
          .where(visible(attach, tenantScope(granted.tenantId), eq(attach.name, granted.name)))
          .limit(1);
        const ext = kindOfName(granted.name);
        const store = row ? await ctx.stores.holding(row.ossId) : undefined;
        let found = store ? await store.get(granted.name) : null;
        if (found && ext && found.size !== row.attachSize) {
          // bytes this server has not checked: a browser's PUT to a presigned S3 address (recorded
          // with size 0 when it was signed), or an object replaced since. Checked once, as an
          // upload is; a file that fails is removed, one that passes is recorded with its size.
          const refused = await storedFileError(found.stream, ext, ctx.config.uploadMaxBytes);
          if (refused) {
            await store!.remove(granted.name);
            await db.update(attach).set({ isDeleted: 1, updateTime: new Date() }).where(eq(attach.id, row.id));
            throw refused;
          }
          await db.update(attach).set({ attachSize: found.size, updateTime: new Date() }).where(eq(attach.id, row.id));
          found = await store!.get(granted.name);
        }
        if (!found) throw notFound('文件不存在');
        const kind = ext ? FILE_KINDS[ext] : undefined;
        const maxAge = Math.max(0, granted.expires - Math.floor(Date.now() / 1000));
        // pictures are shown where they are linked; anything else is saved under the name it was made with
        if (!kind?.inline) reply.header('content-disposition', attachmentDisposition(row.originalName));
        return (
          reply
            .header('content-type', kind?.mime ?? 'application/octet-stream')
            .header('content-length', found.size)
            // private: a shared cache must not hand one tenant's link to others after it expires
            .header('cache-control', `private, max-age=${maxAge}, immutable`)
            .header('x-content-type-options', 'nosniff')
            // should a browser ever render the bytes as a document, nothing in it runs
            .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(found.stream)
        );
      },
    });
  };
}
