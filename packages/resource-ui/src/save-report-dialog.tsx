import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { CHART_TYPES, GROUPABLE_KINDS, reportColumns, reportResource } from '@wb/contracts/resources/report';
import { useResourceHost } from './host';
import type { ListQuery } from './list-query';
import type { ResourceKeys } from './resource-i18n';

interface Props {
  def: AnyResourceDef;
  keys: ResourceKeys;
  /** the list's filters as they are now */
  query: ListQuery;
  t(key: string, options?: Record<string, unknown>): string;
  onClose(): void;
}

interface Values {
  name: string;
  chartType?: (typeof CHART_TYPES)[number];
  x?: string;
  y?: string;
}

/**
 * 保存为报表: the list as it is filtered now, with its columns and an optional chart, saved as
 * a report (报表管理 opens it again as a table with the chart, and exports it).
 */
export function SaveReportDialog({ def, keys, query, t, onClose }: Props) {
  const host = useResourceHost();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const chartType = Form.useWatch('chartType', form);
  const fields = Object.entries(def.fields).filter(([, f]) => !f.virtual && f.kind !== 'password');
  const columns = reportColumns(def);
  const label = (k: string) => t(keys.label(k));

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const { current: _page, size: _size, ...filters } = query;
      await host.transport.post(pathOf(reportResource, 'add'), {
        name: v.name,
        resource: def.name,
        query: JSON.stringify(filters),
        columns: JSON.stringify(columns),
        chart: v.chartType && v.x ? JSON.stringify({ type: v.chartType, x: v.x, ...(v.y ? { y: v.y } : {}) }) : '',
      });
      void host.feedback().message.success(t('crud.reportSaved'));
      onClose();
    } catch {
      // the host has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('crud.saveReport')} okText={t('common.ok')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => void save()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={{ name: t(keys.title) }}>
        <Form.Item name="name" label={t('crud.reportName')} rules={[{ required: true, message: t('crud.reportNameRequired') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="chartType" label={t('crud.reportChart')}>
          <Select allowClear placeholder={t('crud.reportNoChart')} options={CHART_TYPES.map((c) => ({ value: c, label: t(`crud.chart.${c}`) }))} />
        </Form.Item>
        {chartType && (
          <>
            <Form.Item name="x" label={t('crud.reportGroupBy')} rules={[{ required: true, message: t('crud.reportGroupByRequired') }]}>
              <Select options={fields.filter(([, f]) => GROUPABLE_KINDS.includes(f.kind)).map(([k]) => ({ value: k, label: label(k) }))} />
            </Form.Item>
            <Form.Item name="y" label={t('crud.reportSum')}>
              <Select allowClear placeholder={t('crud.reportCount')} options={fields.filter(([, f]) => f.kind === 'number').map(([k]) => ({ value: k, label: label(k) }))} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
