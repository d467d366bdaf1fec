import { and, eq, ne } from 'drizzle-orm';
import { OSS_LOCAL, OSS_MESSAGES } from '@wb/contracts/resources/oss';
import type { Db } from '../../db/client';
import { oss } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, notFound } from '../../platform/envelope';
import type { ObjectStores } from '../../platform/object-stores';
import { visible } from '../../platform/scope';

/** what the S3 client is given as an endpoint: an origin (it adds the bucket itself) */
const ORIGIN = /^https?:\/\/[^\s/?#]+\/?$/;

/** Object storage configurations: an S3 one names its endpoint and bucket; enable makes one the tenant's only enabled one. */
export function ossOptions(db: Db): ResourceOptions {
  return {
    hooks: {
      beforeSubmit(_ctx, values, existing) {
        const v = { ...existing, ...values };
        if (Number(v.category) === OSS_LOCAL) return;
        if (!ORIGIN.test(String(v.endpoint ?? ''))) throw badRequest(OSS_MESSAGES.endpoint.zh, 'endpoint');
        if (!String(v.bucketName ?? '').trim()) throw badRequest(OSS_MESSAGES.bucket.zh, 'bucketName');
      },
    },
    actions: {
      enable: async ({ keys, scope }) => {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: oss.id, tenantId: oss.tenantId })
            .from(oss)
            .where(visible(oss, scope, eq(oss.id, Number(keys[0]))))
            .for('update');
          if (!row) throw notFound('对象存储配置不存在');
          await tx
            .update(oss)
            .set({ status: 1 })
            .where(and(eq(oss.tenantId, row.tenantId), eq(oss.status, 2), ne(oss.id, row.id)));
          await tx.update(oss).set({ status: 2 }).where(eq(oss.id, row.id));
        });
      },
    },
  };
}

/** Attachments are made by uploads; a removed one takes its bytes with it, from the store that holds them. */
export function attachOptions(stores: ObjectStores): ResourceOptions {
  return {
    hooks: {
      async afterRemove({ db }, rows) {
        for (const r of rows) await (await stores.holding(r.ossId as number | null, db)).remove(String(r.name));
      },
    },
  };
}
