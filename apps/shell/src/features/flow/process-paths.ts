/**
 * The addresses of the flow's process pages, for the router, the layout's tabs and the sub-app
 * carve-out: they load with the shell's first screen, so this module imports nothing (the
 * contract's flow.ts would come whole with it); process-paths.test.ts holds it to the contract's
 * LEAVE_PATH_PREFIX, LEAVE_ROUTE and leavePaths.
 */

/** Under the /work sub-app's prefix, the shell's own pages (contract: LEAVE_PATH_PREFIX). */
export const PROCESS_PATH_PREFIX = '/work/process/';
/** The leave pages' segment (contract: LEAVE_ROUTE). */
const LEAVE_SEGMENT = 'leave';

export type LeavePage =
  | { kind: 'form'; processDefinitionId: string }
  | { kind: 'handle'; taskId: string; processInstanceId: string; businessId: string }
  | { kind: 'detail'; processInstanceId: string; businessId: string };

/** Which leave page an address is (its parameters decoded), or undefined. */
export function leavePageOf(pathname: string): LeavePage | undefined {
  const prefix = `${PROCESS_PATH_PREFIX}${LEAVE_SEGMENT}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const parts = pathname
    .slice(prefix.length)
    .split('/')
    .filter((part) => part !== '');
  let decoded: string[];
  try {
    decoded = parts.map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  const [kind, ...rest] = decoded;
  if (kind === 'form' && rest.length === 1) return { kind, processDefinitionId: rest[0] };
  if (kind === 'handle' && rest.length === 3) return { kind, taskId: rest[0], processInstanceId: rest[1], businessId: rest[2] };
  if (kind === 'detail' && rest.length === 2) return { kind, processInstanceId: rest[0], businessId: rest[1] };
  return undefined;
}

/** The tab of a leave page: its label and i18n key (shell texts, menu.*). */
export function leaveTabOf(pathname: string): { label: string; labelKey: string } | undefined {
  const page = leavePageOf(pathname);
  if (!page) return undefined;
  if (page.kind === 'form') return { label: '请假申请', labelKey: 'menu.leaveForm' };
  if (page.kind === 'handle') return { label: '请假审批', labelKey: 'menu.leaveHandle' };
  return { label: '请假详情', labelKey: 'menu.leaveDetail' };
}

/** The router's paths of the leave pages (children of the layout, without the leading slash). */
const base = `${PROCESS_PATH_PREFIX.slice(1)}${LEAVE_SEGMENT}`;
export const LEAVE_ROUTE_PATTERNS = {
  form: `${base}/form/:processDefinitionId`,
  handle: `${base}/handle/:taskId/:processInstanceId/:businessId`,
  detail: `${base}/detail/:processInstanceId/:businessId`,
} as const;
