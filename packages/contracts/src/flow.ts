import { zhEn } from './resource';
/**
 * Flow (admin spec §2 flow/work, §3 'Flow route' and 'Flow process view', §7 'Flow' and 'Leave';
 * shell spec §7 'Flow viewer and leave'): the calls, the records they answer and the messages.
 * Field names are those of the platform family (BladeX's BladeFlow, FlowModel, FlowProcess).
 */

export const FLOW_PATHS = {
  modelList: '/us-flow/model/list',
  modelDetail: '/us-flow/model/detail',
  modelSubmit: '/us-flow/model/submit',
  modelRemove: '/us-flow/model/remove',
  modelDeploy: '/us-flow/model/deploy',
  managerList: '/us-flow/manager/list',
  managerChangeState: '/us-flow/manager/change-state',
  managerDeployUpload: '/us-flow/manager/deploy-upload',
  managerDeleteDeployment: '/us-flow/manager/delete-deployment',
  followList: '/us-flow/follow/list',
  followDeleteInstance: '/us-flow/follow/delete-process-instance',
  startList: '/us-flow/work/start-list',
  claimList: '/us-flow/work/claim-list',
  todoList: '/us-flow/work/todo-list',
  sendList: '/us-flow/work/send-list',
  doneList: '/us-flow/work/done-list',
  claimTask: '/us-flow/work/claim-task',
  completeTask: '/us-flow/work/complete-task',
  modelView: '/us-flow/process/model-view',
  historyFlowList: '/us-flow/process/history-flow-list',
  leaveStart: '/us-desk/process/leave/start-process',
  leaveDetail: '/us-desk/process/leave/detail',
} as const;

/**
 * Beyond the catalogue: the people a flow form may name (the leave's approver, an assignee in the
 * modeller), for those who start affairs or model processes and hold no user-management menu.
 */
export const FLOW_USER_SELECT_PATH = '/us-flow/work/user-select';
export const FLOW_USER_LIMIT = 500;

export interface FlowUserOption {
  id: string;
  account: string;
  realName: string;
}

/** Menu and button codes guarding the calls (seeded menus: /flow/*, /work-affairs/*). */
export const FLOW_CODES = {
  model: 'flow_model',
  modelAdd: 'flow_model_add',
  modelEdit: 'flow_model_edit',
  modelDelete: 'flow_model_delete',
  modelDeploy: 'flow_model_deploy',
  deploy: 'flow_deploy',
  manager: 'flow_manager',
  managerState: 'flow_manager_state',
  managerDelete: 'flow_manager_delete',
  follow: 'flow_follow',
  followDelete: 'flow_follow_delete',
  start: 'work_affairs_start',
  claim: 'work_affairs_claim',
  todo: 'work_affairs_todo',
  send: 'work_affairs_send',
  done: 'work_affairs_done',
} as const;

/** Dictionary of the process categories: a route is `${code}_${dictKey}` → remark (the page's segment). */
export const FLOW_DICT_CODE = 'flow';
/** The category of the seeded leave process, and the route segment of its pages. */
export const LEAVE_CATEGORY = 'flow_1';
export const LEAVE_ROUTE = 'leave';
export const LEAVE_PROCESS_KEY = 'Leave';

/** The shell's leave pages (admin spec §2 'Leave process routes'). */
export const leavePaths = {
  form: (processDefinitionId: string) => `/work/process/leave/form/${encodeURIComponent(processDefinitionId)}`,
  handle: (taskId: string, processInstanceId: string, businessId: string) => `/work/process/leave/handle/${taskId}/${processInstanceId}/${businessId}`,
  detail: (processInstanceId: string, businessId: string) => `/work/process/leave/detail/${processInstanceId}/${businessId}`,
};
export const LEAVE_PATH_PREFIX = '/work/process/';

/** suspensionState of a process definition */
export const FLOW_STATE = { active: 1, suspended: 2 } as const;
/** change-state's `state` */
export type FlowStateChange = 'active' | 'suspend';

/** A saved model (its xml only in the detail). */
export interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  version: number;
  createTime: string;
  updateTime: string;
  xml?: string;
}

/** A deployed process definition (manager list, start list). */
export interface FlowProcess {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  description: string;
  category: string;
  categoryName: string;
  version: number;
  deploymentId: string;
  resourceName: string;
  suspensionState: number;
  deploymentTime: string;
}

/** A running process instance (follow list). */
export interface FlowExecution {
  id: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  category: string;
  startUserId: string;
  startUser: string;
  startTime: string;
  /** names of the tasks it waits on */
  currentTaskName: string;
  businessId: string;
  /** why it ended as failed (a step went past one of the engine's budgets); '' while it runs */
  failure: string;
}

/** A task, or a process a user started, in the work lists (the family's BladeFlow). */
export interface BladeFlow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  assignee: string;
  assigneeName: string;
  /** who may claim it (names), for 待签 */
  candidateNames: string;
  category: string;
  categoryName: string;
  createTime: string;
  claimTime: string;
  endTime: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  processInstanceId: string;
  /** 'finished' or 'unfinished' */
  processIsFinished: string;
  businessTable: string;
  businessId: string;
  startUser: string;
  /** the outcome a done task was completed with, and its comment */
  pass: boolean | null;
  comment: string;
  /** the page segment of its category (flow dictionary remark), e.g. 'leave' */
  routeValue: string;
}

/** One step of an instance's history (flow viewer, detail pages). */
export interface FlowHistory {
  historyActivityId: string;
  historyActivityName: string;
  /** bpmn type without the prefix (userTask, startEvent, …), 'sequenceFlow', or 'candidate' for a task still open */
  historyActivityType: string;
  assignee: string;
  assigneeName: string;
  createTime: string;
  endTime: string;
  /** e.g. '2小时3分' */
  historyActivityDurationTime: string;
  comment: string;
  pass: boolean | null;
}

/** GET model-view: the definition's xml and what the instance has been through. */
export interface FlowModelView {
  xml: string;
  flow: FlowHistory[];
}

/** complete-task's body */
export interface CompleteTaskBody {
  taskId: string;
  processInstanceId?: string;
  /** the outcome: approve (true) or reject (false); the process's gateways read it as `pass` */
  pass?: boolean;
  comment?: string;
  variables?: Record<string, unknown>;
}

/** Leave (field names of the family: processDefinitionId, startTime, endTime, reason, taskUser, applyTime). */
export interface LeaveForm {
  processDefinitionId: string;
  leaveType: string;
  startTime: string;
  endTime: string;
  reason: string;
  /** the approver (user id) */
  taskUser: string;
}

export interface LeaveDetail extends LeaveForm {
  id: string;
  processInstanceId: string;
  applyTime: string;
  days: number;
  createUser: string;
  createUserName: string;
  taskUserName: string;
  /** 'finished' or 'unfinished' */
  processIsFinished: string;
  /** the last outcome: true approved, false rejected or withdrawn, null running */
  approved: boolean | null;
}

export const LEAVE_TYPES = [
  { value: '1', label: zhEn('事假', 'Personal leave') },
  { value: '2', label: zhEn('病假', 'Sick leave') },
  { value: '3', label: zhEn('年假', 'Annual leave') },
  { value: '4', label: zhEn('调休', 'Time off in lieu') },
] as const;

export const FLOW_MESSAGES = {
  leaveType: zhEn('请选择请假类型', 'Please choose the leave type'),
  startTime: zhEn('请选择开始时间', 'Please choose the start time'),
  endTime: zhEn('请选择结束时间', 'Please choose the end time'),
  taskUser: zhEn('请选择审批人', 'Please choose the approver'),
  reason: zhEn('请输入请假理由', 'Please enter the reason'),
  endBeforeStart: zhEn('结束时间不能早于开始时间', 'The end time cannot be before the start time'),
  bpmnInvalid: zhEn('流程文件无效', 'The process file is not valid'),
  noExecutableProcess: zhEn('流程文件中没有可执行的流程', 'The file holds no executable process'),
  definitionNotFound: zhEn('流程定义不存在', 'No such process definition'),
  definitionSuspended: zhEn('流程已挂起, 不能发起', 'The process is suspended and cannot be started'),
  deploymentHasInstances: zhEn('该部署仍有运行中的流程实例, 不能删除', 'The deployment still has running instances'),
  instanceNotFound: zhEn('流程实例不存在', 'No such process instance'),
  taskNotFound: zhEn('任务不存在', 'No such task'),
  taskDone: zhEn('任务已办理', 'The task has already been completed'),
  taskClaimed: zhEn('任务已被签收', 'The task has already been claimed'),
  notCandidate: zhEn('您不是该任务的候选人', 'You are not a candidate for this task'),
  notAssignee: zhEn('该任务不是您的待办', 'The task is not assigned to you'),
  deleteReason: zhEn('请输入删除理由', 'Please enter the reason'),
  ownRequest: zhEn('不能审批自己发起的流程', 'You cannot decide on a process you started'),
  selfApprover: zhEn('审批人不能是申请人本人', 'The approver cannot be the applicant'),
  foreignUser: zhEn('办理人须为本租户的用户', 'Whoever a task names must be a user of this tenant'),
  variableHeld: zhEn('流程变量只能新增, 不能修改', 'Process variables can be added, not changed'),
  newTask: zhEn('您有新的流程待办', 'You have a new task'),
  taskOverdue: zhEn('流程待办已超时, 请尽快办理', 'A task is overdue'),
} as const;

/** Reminders about tasks are message-notify rows of this model name (the bell's 督办提醒). */
export const FLOW_NOTICE_MODEL = '流程待办';
