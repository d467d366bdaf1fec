import { LEAVE_CATEGORY, LEAVE_PROCESS_KEY } from '@wb/contracts/flow';

/**
 * The leave process every tenant starts with (请假流程, category flow_1). The approver the
 * applicant chose (`taskUser`) claims and decides; more than three days goes on to the
 * administrators (candidate group `administrator`); a rejection returns the request to the
 * applicant (`applyUser`), who resubmits or withdraws it. An approval waiting a day reminds
 * its candidates again (a non-interrupting timer and the `remind` service).
 */
export const LEAVE_PROCESS = { key: LEAVE_PROCESS_KEY, name: '请假流程', category: LEAVE_CATEGORY, resourceName: 'leave.bpmn' };

/** A shape; `label` places its name where no flow crosses it (x, y, width). */
const shape = (id: string, x: number, y: number, w: number, h: number, label?: [number, number, number]) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" />${
    label ? `<bpmndi:BPMNLabel><dc:Bounds x="${label[0]}" y="${label[1]}" width="${label[2]}" height="14" /></bpmndi:BPMNLabel>` : ''
  }</bpmndi:BPMNShape>`;
const edge = (id: string, ...points: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
const flow = (id: string, from: string, to: string, name = '', condition = '') =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"${name ? ` name="${name}"` : ''}>${
    condition ? `<conditionExpression xsi:type="tFormalExpression"><![CDATA[\${${condition}}]]></conditionExpression>` : ''
  }</sequenceFlow>`;

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="leave_definitions" targetNamespace="http://workbench/flow">
  <process id="${LEAVE_PROCESS_KEY}" name="请假流程" isExecutable="true">
    <documentation>员工请假: 审批人审批, 超过3天由管理员复核, 驳回后由申请人调整</documentation>
    <startEvent id="start" name="开始" camunda:formKey="leave" />
    <userTask id="approve" name="审批人审批" camunda:candidateUsers="\${taskUser}" camunda:formKey="leave" />
    <boundaryEvent id="overdue" name="一天未办" attachedToRef="approve" cancelActivity="false">
      <timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <serviceTask id="remind" name="催办提醒" implementation="\${environment.services.remind}" />
    <endEvent id="reminded" name="已催办" />
    <exclusiveGateway id="decision" name="审批结果" />
    <userTask id="review" name="管理员复核" camunda:candidateGroups="administrator" camunda:formKey="leave" />
    <exclusiveGateway id="reviewDecision" name="复核结果" />
    <userTask id="adjust" name="调整申请" camunda:assignee="\${applyUser}" camunda:formKey="leave" />
    <exclusiveGateway id="resubmit" name="是否重新提交" />
    <endEvent id="end" name="结束" />
    <endEvent id="withdrawn" name="已撤销" />
    ${flow('toApprove', 'start', 'approve')}
    ${flow('toDecision', 'approve', 'decision')}
    ${flow('approved', 'decision', 'end', '同意', 'pass && days <= 3')}
    ${flow('toReview', 'decision', 'review', '超过3天', 'pass && days > 3')}
    ${flow('rejected', 'decision', 'adjust', '驳回', '!pass')}
    ${flow('toReviewDecision', 'review', 'reviewDecision')}
    ${flow('reviewApproved', 'reviewDecision', 'end', '同意', 'pass')}
    ${flow('reviewRejected', 'reviewDecision', 'adjust', '驳回', '!pass')}
    ${flow('toResubmit', 'adjust', 'resubmit')}
    ${flow('resubmitted', 'resubmit', 'approve', '重新提交', 'pass')}
    ${flow('withdraw', 'resubmit', 'withdrawn', '撤销', '!pass')}
    ${flow('toRemind', 'overdue', 'remind')}
    ${flow('toReminded', 'remind', 'reminded')}
  </process>
  <bpmndi:BPMNDiagram id="leave_diagram">
    <bpmndi:BPMNPlane id="leave_plane" bpmnElement="${LEAVE_PROCESS_KEY}">
      ${shape('start', 80, 182, 36, 36)}
      ${shape('approve', 170, 160, 100, 80)}
      ${shape('overdue', 234, 142, 36, 36, [274, 122, 50])}
      ${shape('remind', 202, 20, 100, 60)}
      ${shape('reminded', 342, 32, 36, 36)}
      ${shape('decision', 320, 175, 50, 50, [282, 230, 50])}
      ${shape('review', 430, 60, 100, 80)}
      ${shape('reviewDecision', 580, 75, 50, 50, [580, 56, 50])}
      ${shape('adjust', 430, 300, 100, 80)}
      ${shape('resubmit', 195, 315, 50, 50)}
      ${shape('end', 640, 182, 36, 36)}
      ${shape('withdrawn', 100, 322, 36, 36)}
      ${edge('toApprove', [116, 200], [170, 200])}
      ${edge('toDecision', [270, 200], [320, 200])}
      ${edge('approved', [370, 200], [640, 200])}
      ${edge('toReview', [345, 175], [345, 100], [430, 100])}
      ${edge('rejected', [345, 225], [345, 260], [480, 260], [480, 300])}
      ${edge('toReviewDecision', [530, 100], [580, 100])}
      ${edge('reviewApproved', [630, 100], [658, 100], [658, 182])}
      ${edge('reviewRejected', [605, 125], [605, 340], [530, 340])}
      ${edge('toResubmit', [430, 340], [245, 340])}
      ${edge('resubmitted', [220, 315], [220, 240])}
      ${edge('withdraw', [195, 340], [136, 340])}
      ${edge('toRemind', [252, 142], [252, 80])}
      ${edge('toReminded', [302, 50], [342, 50])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
