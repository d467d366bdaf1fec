import { useMemo, useState } from 'react';
import { Col, Form, Row, Typography, theme } from 'antd';
import { ModalForm, ProFormField, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { CHART_TYPES, reportColumns, reportResource } from '@wb/contracts/resources/report';
import { fieldColumns } from './columns';
import { useFieldOptions } from './field-options';
import { useResourceHost } from './host';
import { registerResourceI18n, resourceKeys } from './resource-i18n';
import { registerReportTexts } from './report-texts';
import { chartFields, reportBody, reportFormValues, type ReportFormValues, type ReportRecord } from './report-values';
import { escapeClosesSearch } from './select-escape';

type T = (key: string, options?: Record<string, unknown>) => string;

interface Props {
  /** the data a report may read: 报表管理's, what the server says the user may read; 保存为报表's, the list's own */
  sources: AnyResourceDef[];
  /** the stored report (编辑, it has an id) or what a new one starts with */
  record: ReportRecord;
  title: string;
  /** the message once saved */
  savedText: string;
  onClose(): void;
  onSaved(): void;
}

const REPORT = resourceKeys(reportResource);
const half = { xs: 24, sm: 12 };
const third = { xs: 24, sm: 8 };

/**
 * The columns, filters and chart of a report of `def`: the columns among those its list shows,
 * the filters with the inputs of its list's search form, the chart's fields among its columns.
 */
function DataFields({ def, t, charted }: { def: AnyResourceDef; t: T; charted: boolean }) {
  const host = useResourceHost();
  const { token } = theme.useToken();
  const keys = resourceKeys(def);
  const options = useFieldOptions(def.fields, host.transport);
  const label = (k: string) => t(keys.label(k));
  const filters = useMemo(() => fieldColumns({ def, keys, t, options }).filter((c) => !c.hideInSearch), [def, keys, t, options]);
  const { groups, numbers } = chartFields(def);
  const search = { showSearch: true, optionFilterProp: 'label', onKeyDown: escapeClosesSearch };
  return (
    <>
      <ProFormSelect
        name="columns"
        label={t(REPORT.label('columns'))}
        rules={[{ required: true, message: t(REPORT.required('columns')) }]}
        extra={t('crud.reportForm.columnsHint')}
        options={reportColumns(def).map((k) => ({ value: k, label: label(k) }))}
        fieldProps={{ ...search, mode: 'multiple', allowClear: true }}
      />
      <Form.Item label={t(REPORT.label('query'))} extra={filters.length ? t('crud.reportForm.filtersHint') : undefined}>
        {filters.length ? (
          <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '12px 12px 0' }}>
            <Row gutter={16}>
              {filters.map((c) => (
                <Col key={String(c.key)} {...half}>
                  <ProFormField
                    name={['filters', String(c.dataIndex)]}
                    label={c.title as string}
                    valueType={c.valueType as 'text'}
                    valueEnum={c.valueEnum as Map<string, { text: string }>}
                    fieldProps={{ ...(c.fieldProps as object), allowClear: true, style: { width: '100%' } }}
                  />
                </Col>
              ))}
            </Row>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('crud.reportForm.noFilters')}</Typography.Text>
        )}
      </Form.Item>
      <Row gutter={16}>
        <Col {...third}>
          <ProFormSelect
            name="chartType"
            label={t('crud.reportChart')}
            placeholder={t('crud.reportNoChart')}
            options={CHART_TYPES.map((c) => ({ value: c, label: t(`crud.chart.${c}`) }))}
          />
        </Col>
        <Col {...third}>
          <ProFormSelect
            name="x"
            label={t('crud.reportGroupBy')}
            disabled={!charted}
            rules={charted ? [{ required: true, message: t('crud.reportGroupByRequired') }] : []}
            options={groups.map((k) => ({ value: k, label: label(k) }))}
            fieldProps={search}
          />
        </Col>
        <Col {...third}>
          <ProFormSelect name="y" label={t('crud.reportSum')} placeholder={t('crud.reportCount')} disabled={!charted} options={numbers.map((k) => ({ value: k, label: label(k) }))} />
        </Col>
      </Row>
    </>
  );
}

/**
 * 新增 / 编辑 of a report, and 保存为报表 of a list: its data (the resource), then the columns,
 * filters and chart of that data, its name and remark. Changing the data starts them afresh.
 * The server checks all of it again and names the field it refuses.
 */
export function ReportForm({ sources, record, title, savedText, onClose, onSaved }: Props) {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, reportResource);
  registerReportTexts(host.i18n);
  for (const d of sources) registerResourceI18n(host.i18n, d);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const [form] = Form.useForm<ReportFormValues>();
  const editing = Boolean(record.id);
  const defOf = (name: unknown) => sources.find((d) => d.name === name);
  // the form starts once, from the record; the sources may still be on their way (then it has no filters yet)
  const [start] = useState(() => reportFormValues(defOf(record.resource), record));
  const [extra, setExtra] = useState(start.extra);
  const resource = Form.useWatch('resource', form) ?? record.resource;
  const charted = Boolean(Form.useWatch('chartType', form));
  const def = defOf(resource);
  // one data to choose (保存为报表), or an edit: the data is what it is
  const fixed = editing || sources.length === 1;

  return (
    <ModalForm<ReportFormValues>
      name="report-form"
      form={form}
      title={title}
      open
      width={760}
      layout="vertical"
      initialValues={start.values}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      modalProps={{ maskClosable: false, onCancel: onClose, destroyOnHidden: true }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onValuesChange={(changed: ReportFormValues) => {
        if (!('resource' in changed)) {
          if ('chartType' in changed && !changed.chartType) form.setFieldsValue({ x: undefined, y: undefined });
          return;
        }
        // other data: its own columns (all its list shows), no filters, no chart; the name if none was given
        const next = defOf(changed.resource);
        setExtra({});
        form.setFieldsValue({ columns: next ? reportColumns(next) : [], filters: {}, chartType: undefined, x: undefined, y: undefined });
        if (next && !form.getFieldValue('name')) form.setFieldValue('name', t(resourceKeys(next).title));
      }}
      onFinish={async (values) => {
        if (!def) return false;
        try {
          await host.transport.post(pathOf(reportResource, editing ? 'update' : 'add'), reportBody(def, values, extra, record.id));
        } catch {
          // the host has shown the server's message (it names the field); the dialog stays
          return false;
        }
        void host.feedback().message.success(savedText);
        onSaved();
        return true;
      }}
    >
      <ProFormSelect
        name="resource"
        label={t(REPORT.label('resource'))}
        rules={[{ required: true, message: t(REPORT.required('resource')) }]}
        disabled={fixed}
        options={sources.map((d) => ({ value: d.name, label: t(resourceKeys(d).title) }))}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', onKeyDown: escapeClosesSearch }}
      />
      {def ? <DataFields key={def.name} def={def} t={t} charted={charted} /> : <Typography.Paragraph type="secondary">{t('crud.reportForm.chooseData')}</Typography.Paragraph>}
      {Object.keys(extra).length > 0 && (
        <Typography.Paragraph type="secondary">
          {t('crud.reportForm.otherFilters')}:{' '}
          {Object.entries(extra)
            .map(([k, v]) => `${def && Object.hasOwn(def.fields, k) ? t(resourceKeys(def).label(k)) : k} = ${v}`)
            .join(', ')}
        </Typography.Paragraph>
      )}
      <ProFormText
        name="name"
        label={t(REPORT.label('name'))}
        rules={[{ required: true, whitespace: true, message: t(REPORT.required('name')) }]}
        fieldProps={{ maxLength: reportResource.fields.name.maxLength }}
      />
      <ProFormTextArea name="remark" label={t(REPORT.label('remark'))} fieldProps={{ maxLength: reportResource.fields.remark.maxLength, rows: 2 }} />
    </ModalForm>
  );
}
