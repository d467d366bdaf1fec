import { and, eq, inArray, max } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import type { Db } from '../../db/client';
import { flowDefinition, flowDeployment, tenant } from '../../db/schema/index';
import type { AuthUser } from '../../platform/auth';
import { badRequest, forbidden } from '../../platform/envelope';
import type { ParsedProcess } from '../../platform/flow/bpmn';
import { FLOW_BUDGET } from '../../platform/flow/budgets';
import type { FlowEngine } from '../../platform/flow/engine';

export interface DeployFile {
  name: string;
  xml: string;
}

/**
 * Which tenants a deployment goes to: the platform's administrators may name several
 * (`tenantIds`), everyone else deploys to their own tenant only.
 */
export async function deployTenants(db: Db, me: AuthUser, tenantIds: string | undefined): Promise<string[]> {
  const named = [
    ...new Set(
      (tenantIds ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (!named.length) return [me.tenantId];
  if (me.tenantId !== DEFAULT_TENANT_ID && named.some((t) => t !== me.tenantId)) throw forbidden('只能部署到本租户');
  const found = await db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(and(inArray(tenant.tenantId, named), eq(tenant.isDeleted, 0)));
  const missing = named.filter((t) => !found.some((f) => f.tenantId === t));
  if (missing.length) throw badRequest(`租户不存在: ${missing.join(', ')}`, 'tenantIds');
  return named;
}

/** The refusal of a file over `FLOW_BUDGET.fileBytes`, naming the request's field. */
export const tooLarge = (field: string, name = '') => badRequest(`流程文件不能超过 ${FLOW_BUDGET.fileBytes / 1024}KB${name ? `: ${name}` : ''}`, field);

/**
 * Deploys files to tenants: each file is checked first (platform/flow/bpmn.ts, on the engine's
 * worker thread), then each tenant gets one deployment holding a new version of each file's process.
 */
export async function deploy(db: Db, flow: Pick<FlowEngine, 'parse'>, p: { files: DeployFile[]; tenants: string[]; category: string; userId: number; field: string }): Promise<number> {
  const large = p.files.find((f) => Buffer.byteLength(f.xml) > FLOW_BUDGET.fileBytes);
  if (large) throw tooLarge(p.field, large.name);
  const processes = await flow.parse(
    p.files.map((f) => f.xml),
    p.field,
  );
  const parsed: (DeployFile & { process: ParsedProcess })[] = p.files.map((f, i) => ({ ...f, process: processes[i] }));
  let count = 0;
  await db.transaction(async (tx) => {
    for (const tenantId of p.tenants) {
      const [deployment] = await tx
        .insert(flowDeployment)
        .values({
          tenantId,
          name: parsed
            .map((f) => f.process.name)
            .join(', ')
            .slice(0, 255),
          category: p.category,
          createUser: p.userId,
        })
        .returning({ id: flowDeployment.id });
      for (const f of parsed) {
        const [{ last }] = await tx
          .select({ last: max(flowDefinition.version) })
          .from(flowDefinition)
          .where(and(eq(flowDefinition.tenantId, tenantId), eq(flowDefinition.processKey, f.process.key)));
        await tx.insert(flowDefinition).values({
          tenantId,
          deploymentId: deployment.id,
          processKey: f.process.key,
          name: f.process.name.slice(0, 128),
          description: f.process.description.slice(0, 500),
          category: p.category,
          version: (last ?? 0) + 1,
          xml: f.xml,
          resourceName: f.name.slice(0, 255),
        });
        count++;
      }
    }
  });
  return count;
}
