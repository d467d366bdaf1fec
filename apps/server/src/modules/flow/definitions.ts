import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { FLOW_CODES, FLOW_MESSAGES, FLOW_PATHS, FLOW_STATE } from '@wb/contracts/flow';
import { flowDefinition, flowDeployment, flowInstance, flowModel } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok, PageOf, pageOf } from '../../platform/envelope';
import { CodeText, ColumnText, IdList, IdText, PageQuery, requestValues } from '../../platform/input-types';
import { FLOW_BUDGET } from '../../platform/flow/budgets';
import { deploy, deployTenants, tooLarge, type DeployFile } from './deploy';
import { categories, FlowProcessSchema, processRecord } from './records';

const TAGS = ['流程'];
const TenantIds = Type.String({ pattern: '^([0-9A-Za-z]{1,12}(,[0-9A-Za-z]{1,12})*)?$', maxLength: 2000 });

const ModelRecord = Type.Object({
  id: Type.String(),
  modelKey: Type.String(),
  name: Type.String(),
  description: Type.String(),
  version: Type.Number(),
  createTime: Type.String(),
  updateTime: Type.String(),
  xml: Type.Optional(Type.String()),
});

/**
 * 模型管理 and 流程管理 (admin spec §7 'Flow'): models drawn in the modeller, deployed as new
 * versions of their process; deployments uploaded as files; definitions suspended and activated;
 * deployments deleted unless an instance of theirs still runs.
 */
export function definitionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const engine = ctx.flow;
    const mine = (tenantId: string) => and(eq(flowModel.tenantId, tenantId), eq(flowModel.isDeleted, 0));
    const modelRecord = (m: typeof flowModel.$inferSelect, withXml = false) => ({
      id: idStr(m.id),
      modelKey: m.modelKey,
      name: m.name,
      description: m.description,
      version: m.version,
      createTime: formatTime(m.createTime),
      updateTime: formatTime(m.updateTime),
      ...(withXml ? { xml: m.xml } : {}),
    });
    const knownCategory = async (category: string) => {
      if (!(await categories(db)).has(category)) throw badRequest('流程分类不存在', 'category');
    };

    app.get(FLOW_PATHS.modelList, {
      schema: {
        tags: TAGS,
        summary: '模型列表',
        querystring: Type.Object({ ...PageQuery, name: Type.Optional(Type.String({ maxLength: 128 })), modelKey: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(PageOf(ModelRecord)) },
      },
      config: { permission: FLOW_CODES.model },
      handler: async (req) => {
        const me = caller(req);
        const q = req.query as { current: number; size: number; name?: string; modelKey?: string };
        const where = and(mine(me.tenantId), q.name ? ilike(flowModel.name, `%${q.name}%`) : undefined, q.modelKey ? ilike(flowModel.modelKey, `%${q.modelKey}%`) : undefined);
        const [rows, [{ total }]] = await Promise.all([
          db
            .select()
            .from(flowModel)
            .where(where)
            .orderBy(desc(flowModel.updateTime), desc(flowModel.id))
            .limit(q.size)
            .offset((q.current - 1) * q.size),
          db.select({ total: count() }).from(flowModel).where(where),
        ]);
        return ok(
          pageOf(
            rows.map((m) => modelRecord(m)),
            total,
            q.current,
            q.size,
          ),
        );
      },
    });

    const modelOf = async (tenantId: string, id: string) => {
      const [m] = await db
        .select()
        .from(flowModel)
        .where(and(mine(tenantId), eq(flowModel.id, Number(id))));
      if (!m) throw notFound('模型不存在');
      return m;
    };

    app.get(FLOW_PATHS.modelDetail, {
      schema: { tags: TAGS, summary: '模型详情 (含 BPMN XML)', querystring: Type.Object({ id: IdText() }), response: { 200: Envelope(ModelRecord) } },
      config: { permission: FLOW_CODES.model, fieldMessages: { id: { label: '模型' } } },
      handler: async (req) => ok(modelRecord(await modelOf(caller(req).tenantId, (req.query as { id: string }).id), true)),
    });

    const ModelBody = Type.Object({
      id: Type.Optional(IdText()),
      modelKey: CodeText({ maxLength: 64 }),
      name: ColumnText(flowModel.name, { minLength: 1 }),
      description: Type.Optional(ColumnText(flowModel.description)),
      xml: Type.String({ minLength: 1, maxLength: FLOW_BUDGET.fileBytes }),
    });
    app.post(FLOW_PATHS.modelSubmit, {
      schema: { tags: TAGS, summary: '保存模型 (无 id 新增, 有 id 修改; 版本加一)', body: ModelBody, response: { 200: EmptyEnvelope } },
      config: {
        permission: (req) => ((req.body as { id?: string } | undefined)?.id ? FLOW_CODES.modelEdit : FLOW_CODES.modelAdd),
        fieldMessages: { modelKey: { label: '模型标识' }, name: { label: '模型名称' }, xml: { label: '流程图' } },
      },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { id?: string; modelKey: string; name: string; description?: string; xml: string };
        // the schema counts characters; a model must also fit the deploy check's bytes, or it saves and cannot deploy
        if (Buffer.byteLength(b.xml) > FLOW_BUDGET.fileBytes) throw tooLarge('xml');
        const [clash] = await db
          .select({ id: flowModel.id })
          .from(flowModel)
          .where(and(mine(me.tenantId), eq(flowModel.modelKey, b.modelKey)));
        if (clash && idStr(clash.id) !== b.id) throw badRequest(`模型标识已存在: ${b.modelKey}`, 'modelKey');
        const values = { modelKey: b.modelKey, name: b.name, description: b.description ?? '', xml: b.xml, updateUser: me.userId, updateTime: new Date() };
        if (b.id) {
          const existing = await modelOf(me.tenantId, b.id);
          await db
            .update(flowModel)
            .set({ ...values, version: existing.version + 1 })
            .where(eq(flowModel.id, existing.id));
          return ok(idStr(existing.id));
        }
        const [row] = await db
          .insert(flowModel)
          .values({ ...values, tenantId: me.tenantId, createUser: me.userId })
          .returning({ id: flowModel.id });
        return ok(idStr(row.id));
      },
    });

    app.post(FLOW_PATHS.modelRemove, {
      schema: {
        tags: TAGS,
        summary: '删除模型 (ids 逗号分隔)',
        querystring: Type.Object({ ids: Type.Optional(IdList()) }),
        body: Type.Optional(Type.Object({ ids: Type.Optional(IdList()) })),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: FLOW_CODES.modelDelete, fieldMessages: { ids: { label: '模型' } } },
      handler: async (req) => {
        const ids = requestValues<{ ids?: string }>(req).ids;
        if (!ids) throw badRequest('请选择至少一条数据', 'ids');
        await db
          .update(flowModel)
          .set({ isDeleted: 1 })
          .where(and(mine(caller(req).tenantId), inArray(flowModel.id, ids.split(',').map(Number))));
        return ok(true);
      },
    });

    const DeployBody = Type.Object({ modelId: IdText(), category: CodeText({ maxLength: 64 }), tenantIds: Type.Optional(TenantIds) });
    app.post(FLOW_PATHS.modelDeploy, {
      schema: {
        tags: TAGS,
        summary: '部署模型 (其流程的新版本; 平台管理员可部署到多个租户)',
        body: Type.Optional(DeployBody),
        querystring: Type.Partial(DeployBody),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: FLOW_CODES.modelDeploy, fieldMessages: { modelId: { label: '模型' }, category: { label: '流程分类' }, tenantIds: { label: '租户' } } },
      handler: async (req) => {
        const me = caller(req);
        const p = requestValues<{ modelId?: string; category?: string; tenantIds?: string }>(req);
        if (!p.modelId) throw badRequest('请选择模型', 'modelId');
        if (!p.category) throw badRequest('请选择流程分类', 'category');
        await knownCategory(p.category);
        const model = await modelOf(me.tenantId, p.modelId);
        const tenants = await deployTenants(db, me, p.tenantIds);
        await deploy(db, engine, {
          files: [{ name: `${model.modelKey}.bpmn`, xml: model.xml }],
          tenants,
          category: p.category,
          userId: me.userId,
          field: 'xml',
        });
        return ok(true);
      },
    });

    app.get(FLOW_PATHS.managerList, {
      schema: {
        tags: TAGS,
        summary: '流程定义列表 (各版本)',
        querystring: Type.Object({
          ...PageQuery,
          category: Type.Optional(Type.String({ maxLength: 64 })),
          name: Type.Optional(Type.String({ maxLength: 128 })),
          key: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: Envelope(PageOf(FlowProcessSchema)) },
      },
      config: { permission: FLOW_CODES.manager },
      handler: async (req) => {
        const me = caller(req);
        const q = req.query as { current: number; size: number; category?: string; name?: string; key?: string };
        const where = and(
          eq(flowDefinition.tenantId, me.tenantId),
          eq(flowDefinition.deleted, false),
          q.category ? eq(flowDefinition.category, q.category) : undefined,
          q.name ? ilike(flowDefinition.name, `%${q.name}%`) : undefined,
          q.key ? ilike(flowDefinition.processKey, `%${q.key}%`) : undefined,
        );
        const [rows, [{ total }], cats] = await Promise.all([
          db
            .select({ d: flowDefinition, deployTime: flowDeployment.deployTime })
            .from(flowDefinition)
            .innerJoin(flowDeployment, eq(flowDeployment.id, flowDefinition.deploymentId))
            .where(where)
            .orderBy(flowDefinition.processKey, desc(flowDefinition.version))
            .limit(q.size)
            .offset((q.current - 1) * q.size),
          db.select({ total: count() }).from(flowDefinition).where(where),
          categories(db),
        ]);
        return ok(
          pageOf(
            rows.map((r) => processRecord(r.d, cats, r.deployTime)),
            total,
            q.current,
            q.size,
          ),
        );
      },
    });

    const StateBody = Type.Object({ processId: IdText(), state: Type.Union([Type.Literal('active'), Type.Literal('suspend')]) });
    app.post(FLOW_PATHS.managerChangeState, {
      schema: { tags: TAGS, summary: '激活 (active) 或挂起 (suspend) 流程定义', body: Type.Optional(StateBody), querystring: Type.Partial(StateBody), response: { 200: EmptyEnvelope } },
      config: { permission: FLOW_CODES.managerState, fieldMessages: { processId: { label: '流程定义' }, state: { label: '状态' } } },
      handler: async (req) => {
        const p = requestValues<{ processId?: string; state?: string }>(req);
        if (!p.processId) throw badRequest('请选择流程定义', 'processId');
        if (p.state !== 'active' && p.state !== 'suspend') throw badRequest('状态须为 active 或 suspend', 'state');
        const [row] = await db
          .update(flowDefinition)
          .set({ suspensionState: p.state === 'active' ? FLOW_STATE.active : FLOW_STATE.suspended })
          .where(and(eq(flowDefinition.tenantId, caller(req).tenantId), eq(flowDefinition.deleted, false), eq(flowDefinition.id, Number(p.processId))))
          .returning({ id: flowDefinition.id });
        if (!row) throw notFound(FLOW_MESSAGES.definitionNotFound.zh);
        return ok(true);
      },
    });

    app.post(FLOW_PATHS.managerDeployUpload, {
      schema: { tags: TAGS, summary: '上传部署 (multipart: category, tenantIds, files 为 .bpmn/.xml)', consumes: ['multipart/form-data'], response: { 200: EmptyEnvelope } },
      config: { permission: FLOW_CODES.deploy },
      handler: async (req) => {
        const me = caller(req);
        if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传流程文件 files', 'files');
        const fields: Record<string, string> = {};
        const files: DeployFile[] = [];
        for await (const part of req.parts({ limits: { fileSize: FLOW_BUDGET.fileBytes, files: 10, fields: 10 } })) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else {
            if (!/\.(bpmn|xml)$/i.test(part.filename)) {
              part.file.resume();
              throw badRequest(`只能上传 .bpmn 或 .xml 文件: ${part.filename}`, 'files');
            }
            // a file over the limit is refused with its name and field, not the plugin's bare 413
            const buffer = await part.toBuffer().catch((err: { code?: string }) => {
              throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge('files', part.filename) : err;
            });
            files.push({ name: part.filename, xml: buffer.toString('utf8') });
          }
        }
        if (!files.length) throw badRequest('请选择流程文件', 'files');
        if (!fields.category) throw badRequest('请选择流程分类', 'category');
        if (!/^[A-Za-z0-9_.-]{1,64}$/.test(fields.category)) throw badRequest('流程分类格式不正确', 'category');
        await knownCategory(fields.category);
        const tenants = await deployTenants(db, me, fields.tenantIds);
        const deployed = await deploy(db, engine, { files, tenants, category: fields.category, userId: me.userId, field: 'files' });
        return ok(true, `部署成功: ${deployed} 个流程定义`);
      },
    });

    const DeploymentIds = Type.Object({ deploymentIds: IdList() });
    app.post(FLOW_PATHS.managerDeleteDeployment, {
      schema: {
        tags: TAGS,
        summary: '删除部署 (其流程定义一并删除; 仍有运行中的实例时拒绝)',
        body: Type.Optional(DeploymentIds),
        querystring: Type.Partial(DeploymentIds),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: FLOW_CODES.managerDelete, fieldMessages: { deploymentIds: { label: '部署' } } },
      handler: async (req) => {
        const me = caller(req);
        const raw = requestValues<{ deploymentIds?: string }>(req).deploymentIds;
        if (!raw) throw badRequest('请选择至少一条数据', 'deploymentIds');
        const ids = raw.split(',').map(Number);
        await db.transaction(async (tx) => {
          const defs = await tx
            .select({ id: flowDefinition.id })
            .from(flowDefinition)
            .where(and(eq(flowDefinition.tenantId, me.tenantId), eq(flowDefinition.deleted, false), inArray(flowDefinition.deploymentId, ids)));
          if (defs.length) {
            const [{ running }] = await tx
              .select({ running: count() })
              .from(flowInstance)
              .where(
                and(
                  inArray(
                    flowInstance.definitionId,
                    defs.map((d) => d.id),
                  ),
                  eq(flowInstance.state, 'running'),
                ),
              );
            if (running) throw conflict(`${FLOW_MESSAGES.deploymentHasInstances.zh} (${running})`);
            // a definition some finished instance ran stays (hidden) so that its history still reads
            await tx
              .update(flowDefinition)
              .set({ deleted: true })
              .where(
                inArray(
                  flowDefinition.id,
                  defs.map((d) => d.id),
                ),
              );
          }
          const gone = await tx
            .delete(flowDeployment)
            .where(and(eq(flowDeployment.tenantId, me.tenantId), inArray(flowDeployment.id, ids)))
            .returning({ id: flowDeployment.id });
          if (!gone.length) throw notFound('部署不存在');
        });
        return ok(true);
      },
    });
  };
}
