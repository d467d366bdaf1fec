import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { INCIDENT_DETAIL_PATH, INCIDENT_MODEL, INCIDENT_PARAM, incidentResource } from '@wb/contracts/resources/incident';
import { menuOf } from '@wb/contracts/resource';
import { incident, messageNotify } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { Envelope, formatTime, idStr, notFound, ok } from '../../platform/envelope';
import { IdText } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';
import { signalNotice } from '../../platform/notices';

/** The link of an incident's reminder: the bell opens the incident it names. */
const reminderUrl = (id: number) => `${incidentResource.page!.path}?${INCIDENT_PARAM}=${idStr(id)}`;

/**
 * Naming a handler (a new incident, or another handler) sends them a supervision reminder, at once.
 * Removing an incident takes its reminders with it: a reminder of nothing led to '事件不存在' and
 * kept the bell's count up (issue 31).
 */
export const incidentOptions = (ctx: AppContext): ResourceOptions => ({
  hooks: {
    async afterRemove({ db }, rows) {
      for (const row of rows) {
        const gone = await db
          .update(messageNotify)
          .set({ isDeleted: 1 })
          .where(
            and(
              eq(messageNotify.tenantId, String(row.tenantId)),
              eq(messageNotify.modelName, INCIDENT_MODEL),
              eq(messageNotify.url, reminderUrl(Number(row.id))),
              eq(messageNotify.isDeleted, 0),
            ),
          )
          .returning({ userId: messageNotify.userId });
        for (const userId of new Set(gone.map((r) => r.userId))) await signalNotice(ctx.changes, db, { kind: 'reminder', tenantId: String(row.tenantId), userId });
      }
    },
    async afterSubmit({ db }, row, isNew, existing) {
      if (!isNew && existing?.handlerId === row.handlerId) return;
      const userId = Number(row.handlerId);
      await db.insert(messageNotify).values({
        tenantId: String(row.tenantId),
        userId,
        content: `请在 ${formatTime(row.deadline as Date).slice(0, 10)} 前办结: ${String(row.title)}`,
        modelName: INCIDENT_MODEL,
        url: reminderUrl(row.id as number),
      });
      await signalNotice(ctx.changes, db, { kind: 'reminder', tenantId: String(row.tenantId), userId });
    },
  },
});

const IncidentDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  incidentType: Type.String(),
  level: Type.String(),
  handleStatus: Type.String(),
  projectId: Type.String(),
  address: Type.String(),
  description: Type.String(),
  handlerId: Type.String(),
  deadline: Type.String(),
  createTime: Type.String(),
});

/**
 * The shell's `GET /wwy-us-incident/srt/incident/detail`: the incident a reminder is about, for
 * its handler and for those who manage incidents (the 事件督办 menu), within the tenant.
 */
export function incidentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.get(INCIDENT_DETAIL_PATH, {
      schema: { tags: ['事件督办'], summary: '事件详情 (督办对象或事件管理员)', querystring: Type.Object({ id: IdText() }), response: { 200: Envelope(IncidentDetail) } },
      config: { signedIn: true, fieldMessages: { id: { label: '事件' } } },
      handler: async (req) => {
        const me = caller(req);
        const [row] = await db
          .select()
          .from(incident)
          .where(visible(incident, scopeOf(req), eq(incident.id, Number((req.query as { id: string }).id))))
          .limit(1);
        const manages = async () => (await ctx.access.grants(me.roleIds)).codes.has(menuOf(incidentResource));
        // someone else's incident is as unknown to them as one of another tenant
        if (!row || (row.handlerId !== me.userId && !(await manages()))) throw notFound('事件不存在');
        return ok({
          id: idStr(row.id),
          title: row.title,
          incidentType: row.incidentType,
          level: row.level,
          handleStatus: row.handleStatus,
          projectId: idStr(row.projectId),
          address: row.address,
          description: row.description,
          handlerId: idStr(row.handlerId),
          deadline: formatTime(row.deadline),
          createTime: formatTime(row.createTime),
        });
      },
    });
  };
}
