import { FLOW_DICT_CODE, LEAVE_CATEGORY, LEAVE_ROUTE, leavePaths } from '@wb/contracts/flow';

/**
 * Pure rules of the flow's pages: a process category's route (admin spec §3 'Flow route': the
 * `flow` dictionary, routeKey `${code}_${dictKey}` → routeValue, the item's remark) and the page
 * each list row opens (the addresses themselves: process-paths.ts).
 */

/** An item of the `flow` dictionary, as `dictionary?code=flow` answers it. */
export interface FlowDictItem {
  code: string;
  dictKey: string;
  dictValue: string;
  remark: string;
}

export interface FlowRoute {
  /** `${code}_${dictKey}`: the category a process is deployed with ('flow_1') */
  routeKey: string;
  /** the segment of its pages ('leave') */
  routeValue: string;
  /** the category's name (请假流程) */
  name: string;
}

/** The routes of the categories (items without a remark have no pages). */
export function flowRoutes(items: readonly FlowDictItem[]): FlowRoute[] {
  return items.map((item) => ({ routeKey: `${item.code || FLOW_DICT_CODE}_${item.dictKey}`, routeValue: (item.remark ?? '').trim(), name: item.dictValue }));
}

/** The category value a process is deployed with, for a dictionary key ('1' → 'flow_1'). */
export const categoryOf = (dictKey: string): string => `${FLOW_DICT_CODE}_${dictKey}`;

/**
 * The page segment of a category: its dictionary remark; the seeded leave category keeps its
 * pages when the remark was cleared. Undefined: the category has no pages of the shell.
 */
export function routeOfCategory(category: string | undefined, routes: readonly FlowRoute[]): string | undefined {
  if (!category) return undefined;
  const found = routes.find((route) => route.routeKey === category)?.routeValue;
  if (found) return found;
  return category === LEAVE_CATEGORY ? LEAVE_ROUTE : undefined;
}

/** The segments the shell has pages for. */
export const ROUTES_WITH_PAGES: readonly string[] = [LEAVE_ROUTE];

const hasPages = (route: string | undefined): route is string => !!route && ROUTES_WITH_PAGES.includes(route);

/** 发起: the start form of a process definition, or undefined when its category has none. */
export function startFormPath(route: string | undefined, processDefinitionId: string): string | undefined {
  if (!hasPages(route)) return undefined;
  return route === LEAVE_ROUTE ? leavePaths.form(processDefinitionId) : `/work/process/${route}/form/${encodeURIComponent(processDefinitionId)}`;
}

/** 办理: the handle page of a task, or undefined (the generic handle dialog then). */
export function handlePath(route: string | undefined, task: { taskId: string; processInstanceId: string; businessId: string }): string | undefined {
  if (!hasPages(route) || !task.businessId) return undefined;
  return leavePaths.handle(task.taskId, task.processInstanceId, task.businessId);
}

/** 详情: the detail page of an instance, or undefined. */
export function detailPath(route: string | undefined, row: { processInstanceId: string; businessId: string }): string | undefined {
  if (!hasPages(route) || !row.businessId) return undefined;
  return leavePaths.detail(row.processInstanceId, row.businessId);
}
