import { ModalForm, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@wb/contracts/resource';
import type { Rule } from 'antd/es/form';
import { feedback } from '../shared/feedback';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { resourceKeys } from './resource-i18n';
import { toSubmitBody } from './list-query';

export type FormMode = 'add' | 'edit' | 'view';

interface Props {
  def: AnyResourceDef;
  mode: FormMode;
  record?: AnyRecord;
  onClose(): void;
  /** after a successful save */
  onSaved(): void;
}

/** One input per field kind; `text` is a textarea (admin spec §2: paramValue). */
function FieldInput({ def, name, field }: { def: AnyResourceDef; name: string; field: FieldDef }) {
  const { t } = useTranslation();
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
      return (
        <ProFormSelect
          {...common}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(keys.option(name, o.value)) }))}
        />
      );
    default:
      return <ProFormText {...common} fieldProps={{ maxLength: field.maxLength }} />;
  }
}

/**
 * Add / edit / view dialog built from the def's fields. The form is named
 * `<resource>-form`, so inputs get stable ids (`param-form_paramKey`).
 */
export function ResourceForm({ def, mode, record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const keys = resourceKeys(def);
  const api = resourceApi(def);
  const titleKey = mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle';

  return (
    <ModalForm<Record<string, unknown>>
      name={`${def.name}-form`}
      title={t(titleKey, { title: t(keys.title) })}
      open
      width={640}
      layout="horizontal"
      labelCol={{ span: 5 }}
      initialValues={record}
      readonly={mode === 'view'}
      requiredMark={mode !== 'view'}
      submitter={mode === 'view' ? false : { searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      // The dialog unmounts when closed (the page drops it), so every opening starts fresh.
      modalProps={{ maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        try {
          await api.submit(toSubmitBody(def, values, mode === 'edit' ? record?.id : undefined));
        } catch {
          // The request client has shown the server's message; keep the dialog open.
          return false;
        }
        void feedback().message.success(t(mode === 'add' ? 'crud.added' : 'crud.updated'));
        onSaved();
        return true;
      }}
    >
      {Object.entries(def.fields).map(([name, field]) => (
        <FieldInput key={name} def={def} name={name} field={field} />
      ))}
    </ModalForm>
  );
}
