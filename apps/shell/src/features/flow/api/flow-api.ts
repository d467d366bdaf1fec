import type { Page } from '@wb/contracts/envelope';
import {
  FLOW_DICT_CODE,
  FLOW_PATHS,
  FLOW_USER_SELECT_PATH,
  type BladeFlow,
  type CompleteTaskBody,
  type FlowExecution,
  type FlowHistory,
  type FlowModel,
  type FlowModelView,
  type FlowProcess,
  type FlowStateChange,
  type FlowUserOption,
  type LeaveDetail,
  type LeaveForm,
} from '@wb/contracts/flow';
import { http } from '../../../shared/request';
import { flowRoutes, type FlowDictItem, type FlowRoute } from '../flow-routes';

/**
 * The flow's calls (packages/contracts/src/flow.ts), through the shell's request client: its
 * headers, envelope and messages. Bodies are JSON; `ids`-style lists go in the query, as the
 * family's remove calls take them.
 */

export type ListQuery = Record<string, string | number | undefined>;
export type WorkList = 'start' | 'claim' | 'todo' | 'send' | 'done';

const WORK_LISTS: Record<WorkList, string> = {
  start: FLOW_PATHS.startList,
  claim: FLOW_PATHS.claimList,
  todo: FLOW_PATHS.todoList,
  send: FLOW_PATHS.sendList,
  done: FLOW_PATHS.doneList,
};

/** Empty filters are not sent. */
function clean(query: ListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== '') out[key] = text;
  }
  return out;
}

export const flowApi = {
  modelList: (query: ListQuery) => http.get<Page<FlowModel>>(FLOW_PATHS.modelList, clean(query)),
  modelDetail: (id: string) => http.get<FlowModel>(FLOW_PATHS.modelDetail, { id }),
  modelSubmit: (body: { id?: string; modelKey: string; name: string; description: string; xml: string }) => http.post<unknown>(FLOW_PATHS.modelSubmit, body),
  modelRemove: (ids: string[]) => http.post<unknown>(FLOW_PATHS.modelRemove, undefined, { params: { ids: ids.join(',') } }),
  modelDeploy: (body: { modelId: string; category: string; tenantIds?: string }) => http.post<unknown>(FLOW_PATHS.modelDeploy, body),

  managerList: (query: ListQuery) => http.get<Page<FlowProcess>>(FLOW_PATHS.managerList, clean(query)),
  managerChangeState: (body: { processId: string; state: FlowStateChange }) => http.post<unknown>(FLOW_PATHS.managerChangeState, body),
  managerDeployUpload: (form: FormData) => http.post<unknown>(FLOW_PATHS.managerDeployUpload, form),
  managerDeleteDeployment: (body: { deploymentIds: string }) => http.post<unknown>(FLOW_PATHS.managerDeleteDeployment, body),

  followList: (query: ListQuery) => http.get<Page<FlowExecution>>(FLOW_PATHS.followList, clean(query)),
  followDeleteInstance: (body: { processInstanceId: string; deleteReason: string }) => http.post<unknown>(FLOW_PATHS.followDeleteInstance, body),

  workList: <T extends FlowProcess | BladeFlow>(list: WorkList, query: ListQuery, silent = false) => http.get<Page<T>>(WORK_LISTS[list], clean(query), { silent }),
  claimTask: (taskId: string) => http.post<unknown>(FLOW_PATHS.claimTask, { taskId }),
  completeTask: (body: CompleteTaskBody) => http.post<unknown>(FLOW_PATHS.completeTask, body),

  modelView: (by: { processInstanceId: string } | { processDefinitionId: string }) => http.get<FlowModelView>(FLOW_PATHS.modelView, by),
  historyFlowList: (processInstanceId: string) => http.get<FlowHistory[]>(FLOW_PATHS.historyFlowList, { processInstanceId }),

  leaveStart: (form: LeaveForm) => http.post<unknown>(FLOW_PATHS.leaveStart, form),
  leaveDetail: (businessId: string) => http.get<LeaveDetail>(FLOW_PATHS.leaveDetail, { businessId }),
};

/** The `flow` dictionary: the categories (value `flow_<dictKey>`, label) and their routes. */
export async function fetchFlowCategories(): Promise<{ options: { value: string; label: string }[]; routes: FlowRoute[] }> {
  const items = (await http.get<FlowDictItem[] | null>('/us-system/dict/dictionary', { code: FLOW_DICT_CODE })) ?? [];
  return { options: items.map((item) => ({ value: `${FLOW_DICT_CODE}_${item.dictKey}`, label: item.dictValue })), routes: flowRoutes(items) };
}

export const flowCategoriesQuery = {
  queryKey: ['flow', 'categories'] as const,
  queryFn: fetchFlowCategories,
  staleTime: 5 * 60_000,
};

/** The people a flow form may name (the leave form's approver, the modeller's assignees): the tenant's enabled users. */
export const fetchFlowUsers = () => http.get<FlowUserOption[]>(FLOW_USER_SELECT_PATH);

/** A person as the pickers show them: name and account. */
export const flowUserLabel = (user: FlowUserOption): string => (user.account ? `${user.realName} (${user.account})` : user.realName);

interface RoleNode {
  id: string;
  roleName: string;
  roleAlias: string;
  children?: RoleNode[];
}
interface DeptNode {
  id: string;
  title: string;
  children?: DeptNode[];
}

/** Candidate groups: role aliases, and `dept:<id>` for departments. */
export async function fetchGroupOptions(): Promise<{ value: string; label: string }[]> {
  const [roles, depts] = await Promise.all([
    http.get<Page<RoleNode>>('/us-system/role/page', { current: 1, size: 200 }, { silent: true }).catch(() => null),
    http.get<DeptNode[]>('/us-system/dept/tree', undefined, { silent: true }).catch(() => null),
  ]);
  const out: { value: string; label: string }[] = [];
  const walkRoles = (nodes: RoleNode[] | undefined) => {
    for (const role of nodes ?? []) {
      if (role.roleAlias) out.push({ value: role.roleAlias, label: `${role.roleName} (${role.roleAlias})` });
      walkRoles(role.children);
    }
  };
  const walkDepts = (nodes: DeptNode[] | undefined) => {
    for (const dept of nodes ?? []) {
      out.push({ value: `dept:${dept.id}`, label: `${dept.title} (dept:${dept.id})` });
      walkDepts(dept.children);
    }
  };
  walkRoles(roles?.records);
  walkDepts(depts ?? undefined);
  return out;
}

/** Tenants a deployment may be given to (the default tenant's choice). */
export async function fetchTenantOptions(): Promise<{ value: string; label: string }[]> {
  const page = await http.get<Page<{ tenantId: string; tenantName: string }>>('/us-system/tenant/list', { current: 1, size: 200 }, { silent: true });
  return page.records.map((t) => ({ value: t.tenantId, label: `${t.tenantName} (${t.tenantId})` }));
}
