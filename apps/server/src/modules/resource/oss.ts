import { and, eq } from 'drizzle-orm';
import { OSS_LOCAL, OSS_MESSAGES } from '@wb/contracts/resources/oss';
import type { Db } from '../../db/client';
import { attach, oss } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { enableOne } from '../../platform/enable-one';
import { badRequest } from '../../platform/envelope';
import { pathStyle, type ObjectStores } from '../../platform/object-stores';
import type { Outbound } from '../../platform/outbound';
import { secretFollowsAddress } from '../../platform/secrets';

/** what the S3 client is given as an endpoint: an origin (it adds the bucket itself) */
const ORIGIN = /^https?:\/\/[^\s/?#]+\/?$/;
/** what says where a configuration's files are: changed, its files would be looked for elsewhere */
const PLACE = ['category', 'endpoint', 'bucketName', 'region'] as const;

/**
 * Object storage configurations: an S3 one names its endpoint, bucket and keys (never the
 * server's own credentials) and a place the server may connect to (the outbound guard: not
 * this machine or its networks); one holding files keeps its place; enable makes one the
 * tenant's only enabled one.
 */
export function ossOptions(db: Db, outbound: Outbound): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit(_ctx, values, existing) {
        const v = { ...existing, ...values };
        secretFollowsAddress(values, existing, ['endpoint', 'category']);
        if (existing) {
          const moved = PLACE.find((k) => values[k] !== undefined && String(values[k]) !== String(existing[k] ?? ''));
          const [holds] = moved
            ? await db
                .select({ id: attach.id })
                .from(attach)
                .where(and(eq(attach.ossId, Number(existing.id)), eq(attach.isDeleted, 0)))
                .limit(1)
            : [];
          if (moved && holds) throw badRequest(OSS_MESSAGES.holdsFiles.zh, moved);
        }
        if (Number(v.category) === OSS_LOCAL) return;
        const endpoint = String(v.endpoint ?? '');
        const host = await outbound.refuseEndpoint(ORIGIN.test(endpoint) ? endpoint : '', 'endpoint', OSS_MESSAGES.endpoint.zh);
        const bucket = String(v.bucketName ?? '').trim();
        if (!bucket) throw badRequest(OSS_MESSAGES.bucket.zh, 'bucketName');
        // a service taking the bucket in the host name is reached at <bucket>.<endpoint's host> (a wildcard name can be made to answer 127.0.0.1)
        if (!pathStyle(Number(v.category)) && /^[a-z0-9.-]+$/.test(bucket)) await outbound.refuseInternal(`${bucket}.${host}`, 'bucketName');
        // without keys the S3 client would take the server's own credentials to the tenant's endpoint
        if (!String(v.accessKey ?? '').trim()) throw badRequest(OSS_MESSAGES.keys.zh, 'accessKey');
        if (!v.secretKey) throw badRequest(OSS_MESSAGES.keys.zh, 'secretKey');
      },
    },
    actions: {
      enable: async ({ keys, scope }) => enableOne(db, oss, scope, Number(keys[0]), '对象存储配置不存在'),
    },
  };
}

/**
 * Attachments are made by uploads; a removed one takes its bytes with it, from the store that
 * holds them, once the removal has committed (bytes gone with rows kept would be files lost).
 */
export function attachOptions(stores: ObjectStores, onError: (err: unknown, msg: string) => void): ResourceOptions {
  return {
    hooks: {
      async removed(_ctx, rows) {
        for (const r of rows) {
          // the rows are gone: bytes that could not be removed now are left behind, not answered as a failure
          try {
            await (await stores.holding(r.ossId as number | null)).remove(String(r.name));
          } catch (err) {
            onError(err, `attachment ${String(r.name)}: its bytes could not be removed`);
          }
        }
      },
    },
  };
}
