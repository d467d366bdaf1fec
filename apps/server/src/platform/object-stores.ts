import { and, eq } from 'drizzle-orm';
import { OSS_LOCAL } from '@wb/contracts/resources/oss';
import type { Db } from '../db/client';
import { oss } from '../db/schema/index';
import { ApiError } from './envelope';
import type { Outbound } from './outbound';
import { S3Store } from './s3-store';
import type { SecretBox } from './secrets';
import { LocalStore, ObjectExists, type ObjectStore } from './storage';

export const STORAGE_UNAVAILABLE = '文件存储暂不可用, 请稍后重试 (管理员可在错误日志中查看原因)';

/**
 * A configured bucket that fails (unreachable, refused by the outbound guard, a wrong key, no such
 * bucket) answers 503 with a message about file storage, not the database's. The tenant's error
 * log keeps the reason (an HTTP status, a connection's error code, the refusal), never the
 * service's own words: the service may be anything an attacker pointed the endpoint at. The
 * whole error goes to the server's log. A client's fault (ApiError: a file refused midway) and a
 * replay pass as they are.
 */
function guarded(store: ObjectStore, code: string, outbound: Outbound): ObjectStore {
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof ApiError || err instanceof ObjectExists) throw err;
      const failed = new ApiError(503, STORAGE_UNAVAILABLE);
      failed.stack = `${failed.stack}\nCaused by (对象存储 ${code}): ${outbound.failure(err, `对象存储 ${code}`)}`;
      throw failed;
    }
  };
  return {
    put: (n, b) => guard(() => store.put(n, b)),
    putStream: (n, s) => guard(() => store.putStream(n, s)),
    remove: (n) => guard(() => store.remove(n)),
    get: (n) => guard(() => store.get(n)),
  };
}

type OssConfig = typeof oss.$inferSelect;

/** MinIO (category 1) takes the bucket in the path; Aliyun OSS, Tencent COS and Qiniu in the host name. */
export const pathStyle = (category: number) => category === 1;

/**
 * The stores files live in: the server's own (`base`: local disk, or the bucket of S3_*) and
 * those of the tenants' object storage configurations (对象存储). New uploads go to the
 * tenant's enabled configuration; a file is read and removed where its attach row says it is
 * (ossId), so enabling another configuration moves nothing. Stores are built once per version
 * of their configuration (its update time), and each use reads the configuration row, so every
 * instance sees a change at once.
 */
export class ObjectStores {
  private readonly built = new Map<number, { version: number; store: ObjectStore }>();
  private disk?: ObjectStore;

  constructor(
    private readonly db: Db,
    /** the server's own store: exports, imports, and uploads of a tenant with no configuration enabled */
    readonly base: ObjectStore,
    private readonly secrets: SecretBox,
    private readonly dataDir: string,
    /** every connection to a configured bucket goes through it */
    private readonly outbound: Outbound,
  ) {}

  /** Where an upload of the tenant goes now, and the configuration to record with it (null: the server's own). */
  async forUpload(tenantId: string): Promise<{ store: ObjectStore; ossId: number | null }> {
    const [c] = await this.db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, tenantId), eq(oss.status, 2), eq(oss.isDeleted, 0)))
      .limit(1);
    return c ? { store: this.storeOf(c), ossId: c.id } : { store: this.base, ossId: null };
  }

  /**
   * The store holding a file recorded with `ossId` (a removed configuration's files still have
   * their bytes there). Inside a transaction, pass it: the embedded database has one connection.
   */
  async holding(ossId: number | null | undefined, db: Db = this.db): Promise<ObjectStore> {
    if (ossId === null || ossId === undefined) return this.base;
    const [c] = await db.select().from(oss).where(eq(oss.id, ossId));
    if (!c) throw new Error(`object storage configuration ${ossId} does not exist`);
    return this.storeOf(c);
  }

  private storeOf(c: OssConfig): ObjectStore {
    const version = c.updateTime.getTime();
    const cached = this.built.get(c.id);
    if (cached?.version === version) return cached.store;
    // 本地存储 is the server's own store (its disk, or the database on PostgreSQL); beside S3_BUCKET, the disk
    const store = c.category === OSS_LOCAL ? (this.disk ??= this.base instanceof S3Store ? new LocalStore(this.dataDir) : this.base) : this.bucketOf(c);
    this.built.set(c.id, { version, store });
    return store;
  }

  /**
   * An S3-compatible bucket, its failures answered as such (guarded), its connections checked by
   * the outbound guard. The browser never writes to it directly (no presigned PUT): the shell's
   * Content-Security-Policy names only the bucket of S3_*, so uploads pass this server.
   */
  private bucketOf(c: OssConfig): ObjectStore {
    const secret = c.secretKey ? this.secrets.open(c.secretKey) : undefined;
    const s3 = new S3Store(
      {
        bucket: c.bucketName,
        region: c.region || 'us-east-1',
        endpoint: c.endpoint || undefined,
        accessKeyId: c.accessKey || undefined,
        secretAccessKey: secret || undefined,
        forcePathStyle: pathStyle(c.category),
      },
      this.outbound.s3Handler,
    );
    return guarded(s3, c.ossCode, this.outbound);
  }
}
