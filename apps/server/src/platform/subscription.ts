import { asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { subscribeRefusal, UNLIMITED, WORKER_USER_TYPE } from '@wb/contracts/resources/subscription';
import type { Db } from '../db/client';
import { iotDevice, project, role, subscribePackage, user, vehicle } from '../db/schema/index';
import { projectsOfRoles } from './access';
import { FreshCache } from './fresh-cache';
import type { Changes } from './changes';
import { badRequest } from './envelope';
import { tenantScope, visible } from './scope';

/**
 * Subscription packages as the rest of the server obeys them (docs/decisions.md 'What a
 * subscription package counts'): the package in effect for a project, the days to its end, and
 * the limits checked by every path that adds an account or a device. Counts are over the whole
 * tenant (`tenantScope`), never the caller's data scopes: a package bounds the project, not what
 * one administrator happens to see.
 */
export type PackageRow = typeof subscribePackage.$inferSelect;

/** The package of a company (`projectId` 0) or of a project: its own, else its company's. */
export async function packageFor(db: Db, tenantId: string, companyId: number, projectId = 0): Promise<PackageRow | undefined> {
  const [pkg] = await db
    .select()
    .from(subscribePackage)
    .where(
      visible(
        subscribePackage,
        tenantScope(tenantId),
        eq(subscribePackage.companyId, companyId),
        projectId ? or(isNull(subscribePackage.projectId), eq(subscribePackage.projectId, projectId)) : isNull(subscribePackage.projectId),
      ),
    )
    // the project's own first: ascending order puts the company's (null) last
    .orderBy(asc(subscribePackage.projectId))
    .limit(1);
  return pkg;
}

/** The package in effect for a live project of the tenant, with the project's name for messages. */
async function packageOfProject(db: Db, tenantId: string, projectId: number): Promise<{ pkg: PackageRow; projectName: string } | undefined> {
  const [p] = await db
    .select({ companyId: project.companyId, name: project.name })
    .from(project)
    .where(visible(project, tenantScope(tenantId), eq(project.id, projectId)));
  const pkg = p && (await packageFor(db, tenantId, p.companyId, projectId));
  return pkg ? { pkg, projectName: p.name } : undefined;
}

const DAY_MS = 86_400_000;
const calendarDay = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());

/** Days from today to the end date, in the server's calendar: 0 on the last day (still in effect), below 0 once ended. */
export const daysLeft = (end: Date, now = new Date()): number => Math.round((calendarDay(end) - calendarDay(now)) / DAY_MS);

export const hasEnded = (pkg: Pick<PackageRow, 'endDate'>, now = new Date()): boolean => daysLeft(pkg.endDate, now) < 0;

const over = (limit: number, counted: number) => limit !== UNLIMITED && counted > limit;

/**
 * The accounts of a project: live users holding a role that names the project and no role without
 * projects (whose users are the tenant's, picking any project: roles v2). `workers`: only those on
 * the app (field staff).
 */
async function accountsOf(db: Db, tenantId: string, projectId: number, workers: boolean): Promise<number> {
  // qualified by hand: a one-table select names its columns bare, which a subquery would take for its own
  const roleIds = sql`string_to_array(nullif(${user}.role_id, ''), ',')::bigint[]`;
  const [{ n }] = await db
    .select({ n: count() })
    .from(user)
    .where(
      visible(
        user,
        tenantScope(tenantId),
        workers ? eq(user.userType, WORKER_USER_TYPE) : undefined,
        sql`exists (select 1 from ${role} r where r.id = any(${roleIds}) and r.is_deleted = 0 and ${String(projectId)} = any(string_to_array(r.project_id, ',')))`,
        sql`not exists (select 1 from ${role} r where r.id = any(${roleIds}) and r.is_deleted = 0 and r.project_id = '')`,
      ),
    );
  return Number(n);
}

/** A user as the limits read them: the roles that tie them to projects, and whether they are on the app. */
export interface Member {
  roleId: string;
  userType: number;
}

const idsOf = (list: string) => list.split(',').filter(Boolean).map(Number);

/**
 * Refuses a user who became an account (or a worker) of a project beyond its package, or of a
 * project whose package has ended. Run after the write, inside its transaction, so the users an
 * import's batch wrote before this one are counted. `before`: the user before an update; only the
 * projects they join, or become a worker of, are checked (an edit of anything else never is).
 */
export async function checkMemberLimits(db: Db, tenantId: string, after: Member, before?: Member, field = 'roleId'): Promise<void> {
  const now = await projectsOfRoles(db, idsOf(after.roleId));
  // a role without projects: the tenant's account, no project's
  if (!now) return;
  const was = before ? await projectsOfRoles(db, idsOf(before.roleId)) : new Set<number>();
  for (const projectId of now) {
    const joins = !was || !was.has(projectId);
    const worker = after.userType === WORKER_USER_TYPE && (joins || before?.userType !== WORKER_USER_TYPE);
    if (!joins && !worker) continue;
    const found = await packageOfProject(db, tenantId, projectId);
    if (!found) continue;
    const { pkg, projectName } = found;
    if (hasEnded(pkg)) throw badRequest(subscribeRefusal.expired(projectName), field);
    if (joins && over(pkg.accountNum, await accountsOf(db, tenantId, projectId, false))) throw badRequest(subscribeRefusal.accounts(projectName, pkg.accountNum), field);
    if (worker && over(pkg.userNum, await accountsOf(db, tenantId, projectId, true))) throw badRequest(subscribeRefusal.workers(projectName, pkg.userNum), joins ? field : 'userType');
  }
}

/** Refuses a device (a vehicle or an IoT device of the master data) added to, or moved into, a project beyond its package; after the write, like checkMemberLimits. */
export async function checkDeviceLimit(db: Db, tenantId: string, projectId: number): Promise<void> {
  const found = await packageOfProject(db, tenantId, projectId);
  if (!found) return;
  const { pkg, projectName } = found;
  if (hasEnded(pkg)) throw badRequest(subscribeRefusal.expired(projectName), 'projectId');
  if (pkg.deviceNum === UNLIMITED) return;
  const scope = tenantScope(tenantId);
  // one after the other: inside the write's transaction both go over its one connection
  const [vehicles] = await db
    .select({ n: count() })
    .from(vehicle)
    .where(visible(vehicle, scope, eq(vehicle.projectId, projectId)));
  const [devices] = await db
    .select({ n: count() })
    .from(iotDevice)
    .where(visible(iotDevice, scope, eq(iotDevice.projectId, projectId)));
  const n = Number(vehicles.n) + Number(devices.n);
  if (over(pkg.deviceNum, n)) throw badRequest(subscribeRefusal.devices(projectName, pkg.deviceNum), 'projectId');
}

/**
 * The top menus (systems) a project account may open: those the packages of its projects name,
 * together. Undefined, every one: for an account whose roles do not limit its projects (the
 * tenant's), or when one of its projects has no package or a package that names no system.
 * Cached per tenant and role set for a few seconds; a package or a role written anywhere clears it.
 */
export class OpenedSystems {
  static readonly TTL_MS = 10_000;
  private readonly cache: FreshCache<string, Set<number> | undefined>;

  constructor(
    private readonly db: Db,
    changes: Changes,
  ) {
    this.cache = new FreshCache('systems', OpenedSystems.TTL_MS, () => changes.live);
    for (const topic of ['subscriptions', 'grants'] as const) changes.on(topic, () => this.cache.clear());
  }

  of(tenantId: string, roleIds: number[]): Promise<Set<number> | undefined> {
    return this.cache.get(`${tenantId}|${[...roleIds].sort().join(',')}`, () => this.load(tenantId, roleIds));
  }

  private async load(tenantId: string, roleIds: number[]): Promise<Set<number> | undefined> {
    const projects = await projectsOfRoles(this.db, roleIds);
    if (!projects?.size) return undefined;
    const rows = await this.db
      .select({
        // qualified by hand, as in accountsOf
        access: sql<string | null>`(select sp.system_access from ${subscribePackage} sp where sp.tenant_id = ${project}.tenant_id and sp.is_deleted = 0
          and sp.company_id = ${project}.company_id and (sp.project_id = ${project}.id or sp.project_id is null) order by sp.project_id nulls last limit 1)`,
      })
      .from(project)
      .where(visible(project, tenantScope(tenantId), inArray(project.id, [...projects])));
    if (!rows.length || rows.some((r) => !r.access)) return undefined;
    return new Set(rows.flatMap((r) => idsOf(r.access!)));
  }
}
