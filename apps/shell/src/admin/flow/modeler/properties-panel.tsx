import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchFlowUsers, fetchGroupOptions, flowUserLabel } from '../../../features/flow/api/flow-api';
import { ISO_DURATION, PROCESS_ID, REMIND_SERVICE, joinList, readPanel, textValue, timerOf, type BusinessObject } from './element-props';
import type { ViewboxCanvas } from '../../../features/flow/viewer/fit';

/** A diagram element as bpmn-js hands it out. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}

/** The modeller's services the panel writes through (each write is one command: undo works). */
export interface ModelerServices {
  canvas: ViewboxCanvas & { getRootElement(): DiagramElement };
  modeling: {
    updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
    updateLabel(element: DiagramElement, text: string): void;
    updateModdleProperties(element: DiagramElement, moddleElement: unknown, properties: Record<string, unknown>): void;
  };
  moddle: { create(type: string, attrs?: Record<string, unknown>): unknown };
  bpmnReplace: { replaceElement(element: DiagramElement, target: { type: string }): DiagramElement };
  selection: { select(element: DiagramElement | null): void };
  saveXML(): Promise<{ xml?: string }>;
}

/** A text field written to the diagram when it is left (or Enter), not on every key. */
function CommitInput({
  value,
  onCommit,
  invalid,
  placeholder,
  id,
}: {
  value: string;
  onCommit(text: string): void;
  invalid?: (text: string) => boolean;
  placeholder?: string;
  id?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text === value || invalid?.(text)) return;
    onCommit(text);
  };
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      status={invalid?.(text) ? 'error' : undefined}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

const TASK_TYPES = ['bpmn:Task', 'bpmn:UserTask', 'bpmn:ServiceTask'];

/**
 * The compact properties panel of the modeller, in antd: the process's key and name (and the
 * model's description) when nothing is chosen; for an element its name, and what the engine
 * reads of it: a user task's 处理人 / 候选用户 / 候选组 / 表单键, a gateway's outgoing flow's
 * 条件表达式, a timer's 时长, a service task's 服务. A plain task can become a user or service task.
 */
export function PropertiesPanel(props: { services: ModelerServices; element: DiagramElement; version: number; description: string; onDescription(text: string): void }) {
  const { services, element, description, onDescription } = props;
  const { t } = useTranslation();
  const users = useQuery({ queryKey: ['flow', 'users'], queryFn: fetchFlowUsers, staleTime: 60_000 });
  const groups = useQuery({ queryKey: ['flow', 'modeler', 'groups'], queryFn: fetchGroupOptions, staleTime: 60_000 });
  // read afresh on every render: `version` changes with each command
  const values = readPanel(element.businessObject);
  const { modeling } = services;
  const update = (properties: Record<string, unknown>) => modeling.updateProperties(element, properties);

  const expressionOptions = [
    { value: '${applyUser}', label: t('flow.modeler.exprApplyUser') },
    { value: '${taskUser}', label: t('flow.modeler.exprTaskUser') },
  ];
  const userOptions = [...expressionOptions, ...(users.data ?? []).map((u) => ({ value: u.id, label: flowUserLabel(u) }))];
  const field = (label: string, control: ReactNode, extra?: string, name?: string) => (
    <Form.Item label={label} extra={extra} htmlFor={name ? `flow-prop-${name}` : undefined} className={name ? `wb-flow-prop wb-flow-prop--${name}` : 'wb-flow-prop'}>
      {control}
    </Form.Item>
  );

  if (values.kind === 'process') {
    return (
      <Form layout="vertical" size="small" className="wb-flow-props" key={`process-${element.id}`}>
        <Typography.Title level={5}>{t('flow.modeler.process')}</Typography.Title>
        {field(
          t('flow.modeler.processId'),
          <CommitInput id="flow-prop-processId" value={values.id} invalid={(text) => !PROCESS_ID.test(text)} onCommit={(id) => update({ id })} />,
          t('flow.modeler.processIdInvalid'),
          'processId',
        )}
        {field(t('flow.modeler.processName'), <CommitInput id="flow-prop-processName" value={values.name} onCommit={(name) => update({ name })} />, undefined, 'processName')}
        {field(
          t('flow.modeler.description'),
          <Input.TextArea id="flow-prop-description" rows={3} maxLength={255} value={description} onChange={(e) => onDescription(e.target.value)} />,
          undefined,
          'description',
        )}
      </Form>
    );
  }

  const typeLabel = t(`flow.modeler.types.${values.type}`, { defaultValue: values.type });
  return (
    <Form layout="vertical" size="small" className="wb-flow-props" key={element.id}>
      <Typography.Title level={5}>{typeLabel}</Typography.Title>
      {field(t('flow.modeler.elementId'), <Input value={values.id} disabled />)}
      {field(t('flow.modeler.elementName'), <CommitInput id="flow-prop-name" value={values.name} onCommit={(name) => modeling.updateLabel(element, name)} />, undefined, 'name')}
      {TASK_TYPES.includes(element.type) &&
        field(
          t('flow.modeler.elementType'),
          <Select
            id="flow-prop-type"
            value={element.type}
            options={TASK_TYPES.map((type) => ({ value: type, label: t(`flow.modeler.types.${type.slice(5, 6).toLowerCase()}${type.slice(6)}`) }))}
            onChange={(type: string) => {
              if (type === element.type) return;
              const replaced = services.bpmnReplace.replaceElement(element, { type });
              services.selection.select(replaced);
            }}
          />,
          undefined,
          'type',
        )}
      {values.kind === 'userTask' && (
        <>
          {field(
            t('flow.modeler.assignee'),
            <Select
              id="flow-prop-assignee"
              mode="tags"
              allowClear
              value={values.assignee ? [values.assignee] : []}
              options={userOptions}
              optionFilterProp="label"
              loading={users.isPending}
              placeholder={t('flow.modeler.assigneeHint')}
              // one assignee: the last one chosen or typed
              onChange={(chosen: string[]) => update({ 'camunda:assignee': textValue(chosen[chosen.length - 1]) })}
            />,
            t('flow.modeler.assigneeHint'),
            'assignee',
          )}
          {field(
            t('flow.modeler.candidateUsers'),
            <Select
              id="flow-prop-candidateUsers"
              mode="tags"
              allowClear
              value={values.candidateUsers}
              options={userOptions}
              optionFilterProp="label"
              tokenSeparators={[',']}
              onChange={(chosen: string[]) => update({ 'camunda:candidateUsers': joinList(chosen) })}
            />,
            t('flow.modeler.candidateUsersHint'),
            'candidateUsers',
          )}
          {field(
            t('flow.modeler.candidateGroups'),
            <Select
              id="flow-prop-candidateGroups"
              mode="tags"
              allowClear
              value={values.candidateGroups}
              options={groups.data ?? []}
              optionFilterProp="label"
              tokenSeparators={[',']}
              onChange={(chosen: string[]) => update({ 'camunda:candidateGroups': joinList(chosen) })}
            />,
            t('flow.modeler.candidateGroupsHint'),
            'candidateGroups',
          )}
          {field(
            t('flow.modeler.formKey'),
            <CommitInput id="flow-prop-formKey" value={values.formKey} onCommit={(formKey) => update({ 'camunda:formKey': textValue(formKey) })} />,
            undefined,
            'formKey',
          )}
        </>
      )}
      {values.kind === 'sequenceFlow' &&
        field(
          t('flow.modeler.condition'),
          <CommitInput
            id="flow-prop-condition"
            value={values.condition}
            placeholder="${pass}"
            onCommit={(body) => update({ conditionExpression: textValue(body) ? services.moddle.create('bpmn:FormalExpression', { body: body.trim() }) : undefined })}
          />,
          t('flow.modeler.conditionHint'),
          'condition',
        )}
      {values.kind === 'timer' &&
        field(
          t('flow.modeler.timer'),
          <CommitInput
            id="flow-prop-timer"
            value={values.timer}
            placeholder="P1D"
            invalid={(text) => text.trim() !== '' && !ISO_DURATION.test(text.trim())}
            onCommit={(body) => {
              const timer = timerOf(element.businessObject);
              if (!timer) return;
              modeling.updateModdleProperties(element, timer, {
                timeDuration: textValue(body) ? services.moddle.create('bpmn:FormalExpression', { body: body.trim() }) : undefined,
                timeDate: undefined,
                timeCycle: undefined,
              });
            }}
          />,
          t('flow.modeler.timerHint'),
          'timer',
        )}
      {values.kind === 'serviceTask' &&
        field(
          t('flow.modeler.service'),
          <Select
            id="flow-prop-service"
            allowClear
            value={values.implementation || undefined}
            options={[{ value: REMIND_SERVICE, label: t('flow.modeler.serviceRemind') }]}
            onChange={(implementation?: string) => update({ implementation: textValue(implementation) })}
          />,
          undefined,
          'service',
        )}
    </Form>
  );
}
