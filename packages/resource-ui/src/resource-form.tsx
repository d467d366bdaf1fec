import { useMemo } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import type { FieldDef } from '@wb/contracts/resource';
import { useResourceHost } from './host';
import { ImageInput } from './image-input';
import { initialFormValues, toFormValues, toSubmitBody } from './list-query';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { resourceKeys } from './resource-i18n';
import type { RefOptions } from './ref-options';
import { escapeClosesSearch } from './select-escape';

export type FormMode = 'add' | 'edit' | 'view';

interface Props {
  def: AnyResourceDef;
  mode: FormMode;
  record?: AnyRecord;
  /** options of the def's ref fields (loaded by the page) */
  refOptions?: RefOptions;
  onClose(): void;
  /** after a successful save */
  onSaved(): void;
}

interface FieldProps {
  def: AnyResourceDef;
  name: string;
  field: FieldDef;
  readonly: boolean;
  refOptions?: RefOptions;
  t(key: string): string;
}

/** One input per field kind; `text` is a textarea (admin spec §2: paramValue). */
function FieldInput({ def, name, field, readonly, refOptions, t }: FieldProps) {
  const keys = resourceKeys(def);
  const rules: Rule[] = field.required
    ? [{ required: true, whitespace: field.kind === 'string' || field.kind === 'text', message: t(keys.required(name)) }]
    : [];
  const common = { name, label: t(keys.label(name)), rules };
  switch (field.kind) {
    case 'text':
      return <ProFormTextArea {...common} fieldProps={{ maxLength: field.maxLength, rows: 4 }} />;
    case 'number':
      return <ProFormDigit {...common} />;
    case 'select':
      return <ProFormSelect {...common} options={(field.options ?? []).map((o) => ({ value: o.value, label: t(keys.option(name, o.value)) }))} />;
    case 'switch':
      return <ProFormSwitch {...common} fieldProps={{ checkedChildren: t('crud.yes'), unCheckedChildren: t('crud.no') }} />;
    case 'ref':
      return (
        <ProFormSelect
          {...common}
          options={(refOptions?.[name] ?? []).map((o) => ({ value: o.id, label: o.label }))}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: !field.required, onKeyDown: escapeClosesSearch }}
        />
      );
    case 'image':
      return (
        <ProForm.Item {...common}>
          <ImageInput readonly={readonly} t={t} />
        </ProForm.Item>
      );
    default:
      return <ProFormText {...common} fieldProps={{ maxLength: field.maxLength }} />;
  }
}

/**
 * Add / edit / view dialog built from the def's fields. The form is named
 * `<resource>-form`, so inputs get stable ids (`param-form_paramKey`).
 */
export function ResourceForm({ def, mode, record, refOptions, onClose, onSaved }: Props) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const keys = resourceKeys(def);
  const api = resourceApi(def, host.transport);
  const titleKey = mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle';
  const readonly = mode === 'view';
  // The dialog unmounts when closed (the page drops it), so every opening starts fresh.
  const initialValues = useMemo(() => (mode === 'add' || !record ? initialFormValues(def) : toFormValues(def, record)), [def, mode, record]);

  return (
    <ModalForm<Record<string, unknown>>
      name={`${def.name}-form`}
      title={t(titleKey, { title: t(keys.title) })}
      open
      width={640}
      layout="horizontal"
      labelCol={{ span: 5 }}
      initialValues={initialValues}
      readonly={readonly}
      requiredMark={!readonly}
      submitter={readonly ? false : { searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      modalProps={{ maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        try {
          await api.submit(toSubmitBody(def, values, mode === 'edit' ? record?.id : undefined));
        } catch {
          // The host's request client has shown the server's message; keep the dialog open.
          return false;
        }
        void host.feedback().message.success(t(mode === 'add' ? 'crud.added' : 'crud.updated'));
        onSaved();
        return true;
      }}
    >
      {Object.entries(def.fields).map(([name, field]) => (
        <FieldInput key={name} def={def} name={name} field={field} readonly={readonly} refOptions={refOptions} t={t} />
      ))}
    </ModalForm>
  );
}
