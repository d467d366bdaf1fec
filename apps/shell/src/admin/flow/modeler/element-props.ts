/**
 * What the modeller's properties panel edits, read from a bpmn-js business object, and the
 * pieces it writes: pure, so the rules are unit-tested without a canvas. The attributes are
 * those the flow engine reads (camunda:assignee, candidateUsers, candidateGroups, formKey; a
 * sequence flow's condition; a timer's duration; a service task's implementation).
 */

/** A moddle element as bpmn-js hands it out (the fields the panel reads). */
export interface BusinessObject {
  $type: string;
  id?: string;
  name?: string;
  get?(name: string): unknown;
  sourceRef?: BusinessObject;
  conditionExpression?: { body?: string };
  eventDefinitions?: { $type: string; timeDuration?: { body?: string } }[];
  implementation?: string;
  isExecutable?: boolean;
}

export type PanelKind = 'process' | 'userTask' | 'serviceTask' | 'sequenceFlow' | 'timer' | 'task' | 'other';

/** The service the engine knows (environment.services.remind). */
export const REMIND_SERVICE = '${environment.services.remind}';

/** Process keys (the `id` of bpmn:process) are XML names the engine accepts as a key. */
export const PROCESS_ID = /^[A-Za-z_][\w.-]*$/;

/** The type without its `bpmn:` prefix ('userTask'). */
export const shortType = (type: string): string => {
  const local = type.includes(':') ? type.slice(type.indexOf(':') + 1) : type;
  return local.charAt(0).toLowerCase() + local.slice(1);
};

const attr = (bo: BusinessObject, name: string): string => {
  const value = bo.get ? bo.get(name) : (bo as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** The timer definition of an event, if it has one. */
export const timerOf = (bo: BusinessObject) => (bo.eventDefinitions ?? []).find((d) => d.$type === 'bpmn:TimerEventDefinition');

/** Which panel an element gets. A sequence flow has its condition only out of a gateway. */
export function panelKind(bo: BusinessObject): PanelKind {
  switch (bo.$type) {
    case 'bpmn:Process':
      return 'process';
    case 'bpmn:UserTask':
      return 'userTask';
    case 'bpmn:ServiceTask':
      return 'serviceTask';
    case 'bpmn:Task':
      return 'task';
    case 'bpmn:SequenceFlow':
      return /Gateway$/.test(bo.sourceRef?.$type ?? '') ? 'sequenceFlow' : 'other';
    default:
      return timerOf(bo) ? 'timer' : 'other';
  }
}

export interface PanelValues {
  kind: PanelKind;
  type: string;
  id: string;
  name: string;
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey: string;
  condition: string;
  timer: string;
  implementation: string;
}

/** The values the panel shows for an element. */
export function readPanel(bo: BusinessObject): PanelValues {
  return {
    kind: panelKind(bo),
    type: shortType(bo.$type),
    id: bo.id ?? '',
    name: bo.name ?? '',
    assignee: attr(bo, 'camunda:assignee'),
    candidateUsers: splitList(attr(bo, 'camunda:candidateUsers')),
    candidateGroups: splitList(attr(bo, 'camunda:candidateGroups')),
    formKey: attr(bo, 'camunda:formKey'),
    condition: bo.conditionExpression?.body ?? '',
    timer: timerOf(bo)?.timeDuration?.body ?? '',
    implementation: bo.implementation ?? '',
  };
}

/**
 * A comma-separated list as its items. An expression (`${a, b}`) stays whole: commas inside
 * `${…}` do not split.
 */
export function splitList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** The attribute's value for a list: comma-joined, undefined (removed) when empty. */
export function joinList(items: readonly string[]): string | undefined {
  const clean = items.map((item) => item.trim()).filter(Boolean);
  return clean.length ? [...new Set(clean)].join(',') : undefined;
}

/** A text attribute's value: trimmed, undefined (removed) when empty. */
export const textValue = (value: string | undefined | null): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/** ISO 8601 durations the engine takes (P1D, PT2H30M, P1DT12H, P2W). */
export const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** The diagram a new model starts from: start → one user task (the approver the form names) → end. */
export function newModelXml(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${key}" targetNamespace="http://workbench/flow">
  <bpmn:process id="${key}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始">
      <bpmn:outgoing>toApprove</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="approve" name="审批" camunda:assignee="\${taskUser}">
      <bpmn:incoming>toApprove</bpmn:incoming>
      <bpmn:outgoing>toEnd</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="end" name="结束">
      <bpmn:incoming>toEnd</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="approve" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="260" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="662" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApprove_di" bpmnElement="toApprove"><di:waypoint x="188" y="200" /><di:waypoint x="260" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="360" y="200" /><di:waypoint x="662" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
