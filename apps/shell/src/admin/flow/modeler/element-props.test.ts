import { describe, expect, it } from 'vitest';
import { ISO_DURATION, PROCESS_ID, joinList, newModelXml, panelKind, readPanel, shortType, splitList, textValue, type BusinessObject } from './element-props';

const bo = (over: Partial<BusinessObject> & Record<string, unknown>): BusinessObject => {
  const attrs = over as Record<string, unknown>;
  return { $type: 'bpmn:Task', get: (name: string) => attrs[name], ...over };
};

describe('the modeller panel: which fields an element gets', () => {
  it('by type; a flow has its condition only out of a gateway; a timer event its duration', () => {
    expect(panelKind(bo({ $type: 'bpmn:Process' }))).toBe('process');
    expect(panelKind(bo({ $type: 'bpmn:UserTask' }))).toBe('userTask');
    expect(panelKind(bo({ $type: 'bpmn:ServiceTask' }))).toBe('serviceTask');
    expect(panelKind(bo({ $type: 'bpmn:SequenceFlow', sourceRef: bo({ $type: 'bpmn:ExclusiveGateway' }) }))).toBe('sequenceFlow');
    expect(panelKind(bo({ $type: 'bpmn:SequenceFlow', sourceRef: bo({ $type: 'bpmn:UserTask' }) }))).toBe('other');
    expect(panelKind(bo({ $type: 'bpmn:BoundaryEvent', eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition' }] }))).toBe('timer');
    expect(panelKind(bo({ $type: 'bpmn:EndEvent' }))).toBe('other');
    expect(shortType('bpmn:ExclusiveGateway')).toBe('exclusiveGateway');
  });

  it('reads the camunda attributes, the condition, the duration and the service', () => {
    const task = readPanel(bo({ $type: 'bpmn:UserTask', id: 'approve', name: '审批', 'camunda:assignee': '${taskUser}', 'camunda:candidateGroups': 'administrator,dept:7' }));
    expect(task).toMatchObject({ kind: 'userTask', id: 'approve', name: '审批', assignee: '${taskUser}', candidateGroups: ['administrator', 'dept:7'], candidateUsers: [] });
    expect(readPanel(bo({ $type: 'bpmn:SequenceFlow', sourceRef: bo({ $type: 'bpmn:ExclusiveGateway' }), conditionExpression: { body: '${days > 3}' } })).condition).toBe('${days > 3}');
    expect(readPanel(bo({ $type: 'bpmn:BoundaryEvent', eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition', timeDuration: { body: 'P1D' } }] })).timer).toBe('P1D');
    expect(readPanel(bo({ $type: 'bpmn:ServiceTask', implementation: '${environment.services.remind}' })).implementation).toBe('${environment.services.remind}');
  });
});

describe('the values the panel writes', () => {
  it('splits lists on commas outside expressions, and joins them without blanks or repeats', () => {
    expect(splitList('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(splitList('${pick(a, b)},7')).toEqual(['${pick(a, b)}', '7']);
    expect(splitList('')).toEqual([]);
    expect(joinList([' 1', '2', '1', ''])).toBe('1,2');
    expect(joinList([])).toBeUndefined();
    expect(textValue('  ')).toBeUndefined();
    expect(textValue(' leave ')).toBe('leave');
  });

  it('takes process keys the engine accepts and ISO 8601 durations', () => {
    expect(PROCESS_ID.test('Leave')).toBe(true);
    expect(PROCESS_ID.test('review_2.v1')).toBe(true);
    expect(PROCESS_ID.test('1abc')).toBe(false);
    expect(PROCESS_ID.test('请假')).toBe(false);
    for (const ok of ['P1D', 'PT2H', 'PT2H30M', 'P1DT12H', 'P2W', 'PT0.5S']) expect(ISO_DURATION.test(ok)).toBe(true);
    for (const bad of ['P', 'PT', '1D', 'P1H', 'PT1D', 'tomorrow']) expect(ISO_DURATION.test(bad)).toBe(false);
  });

  it('starts a new model from start → one user task → end under its key and name', () => {
    const xml = newModelXml('review_1', '复核 & 审批');
    expect(xml).toContain('<bpmn:process id="review_1" name="复核 &amp; 审批" isExecutable="true">');
    expect(xml).toContain('<bpmn:userTask id="approve" name="审批" camunda:assignee="${taskUser}">');
    expect(xml.match(/<bpmn:sequenceFlow /g)).toHaveLength(2);
    expect(xml).toContain('xmlns:camunda="http://camunda.org/schema/1.0/bpmn"');
  });
});
