import { defineResource, zhEn } from '../resource';

/** The shell's call (shell spec §7 'Notifications and versions'): the incident a reminder is about. */
export const INCIDENT_DETAIL_PATH = '/wwy-us-incident/srt/incident/detail';
/** A reminder about an incident links to the incident page with this parameter; the bell opens the incident itself. */
export const INCIDENT_PARAM = 'incidentId';
export const INCIDENT_MODEL = '事件督办';

/**
 * Incidents under supervision (事件督办): something reported at a project (a repair, a hazard, a
 * complaint) that one user is to handle by a deadline. Naming the handler sends them a
 * supervision reminder; the bell opens the incident from it.
 */
export const incidentResource = defineResource({
  name: 'incident',
  title: zhEn('事件督办', 'Incidents'),
  // the administrators' calls; INCIDENT_DETAIL_PATH is the shell's, for the handler too
  basePath: '/wwy-us-incident/srt/incident-manage',
  permissions: { add: 'incident_add', edit: 'incident_edit', delete: 'incident_delete', view: 'incident_view' },
  page: { path: '/desk/incident', icon: 'notification' },
  labelField: 'title',
  fields: {
    title: { label: zhEn('事件标题', 'Title'), kind: 'string', required: zhEn('请输入事件标题', 'Please enter the title'), maxLength: 128, search: 'like' },
    incidentType: {
      label: zhEn('事件类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择事件类型', 'Please choose the type'),
      search: 'eq',
      options: [
        { value: '1', label: zhEn('设施报修', 'Repair') },
        { value: '2', label: zhEn('环境卫生', 'Sanitation') },
        { value: '3', label: zhEn('安全隐患', 'Hazard') },
        { value: '4', label: zhEn('投诉建议', 'Complaint') },
      ],
    },
    level: {
      label: zhEn('紧急程度', 'Urgency'),
      kind: 'select',
      default: '1',
      search: 'eq',
      width: 100,
      options: [
        { value: '1', label: zhEn('一般', 'Normal') },
        { value: '2', label: zhEn('紧急', 'Urgent') },
        { value: '3', label: zhEn('特急', 'Critical') },
      ],
    },
    handleStatus: {
      label: zhEn('处理状态', 'Status'),
      kind: 'select',
      default: '0',
      search: 'eq',
      width: 100,
      options: [
        { value: '0', label: zhEn('待处理', 'Open') },
        { value: '1', label: zhEn('处理中', 'In progress') },
        { value: '2', label: zhEn('已办结', 'Closed') },
      ],
    },
    projectId: {
      label: zhEn('所属项目', 'Project'),
      kind: 'ref',
      ref: { resource: 'project', basePath: '/wwy-us-mdm/api/v1/project' },
      required: zhEn('请选择所属项目', 'Please choose the project'),
      search: 'in',
    },
    address: { label: zhEn('事件地点', 'Place'), kind: 'string', maxLength: 255, column: false },
    description: { label: zhEn('事件描述', 'Description'), kind: 'text', maxLength: 2000, column: false },
    handlerId: {
      label: zhEn('督办对象', 'Handler'),
      kind: 'ref',
      ref: { resource: 'user', basePath: '/us-user' },
      required: zhEn('请选择督办对象', 'Please choose the handler'),
      search: 'eq',
    },
    deadline: { label: zhEn('办结期限', 'Deadline'), kind: 'date', required: zhEn('请选择办结期限', 'Please choose the deadline') },
  },
});

export const resources = [incidentResource];
