import { ModalForm } from '@ant-design/pro-components';
import type { ActionDef, FieldDef } from '@wb/contracts/resource';
import { FieldInput } from './field-input';
import { useFieldOptions } from './field-options';
import { toSubmitBody } from './form-values';
import { useResourceHost } from './host';
import type { ResourceKeys } from './resource-i18n';

interface DialogProps {
  formName: string;
  action: ActionDef;
  keys: ResourceKeys;
  t(key: string, options?: Record<string, unknown>): string;
  /** sends the request; rejects when it failed (the host has shown why) */
  submit(payload: Record<string, unknown>): Promise<void>;
  onClose(): void;
}

const NO_FIELDS: Record<string, FieldDef> = {};

/** An action with `fields`: a dialog whose values are the request's body. */
export function ActionFormDialog({ formName, action, keys, t, submit, onClose }: DialogProps) {
  const host = useResourceHost();
  const fields = action.fields ?? NO_FIELDS;
  const options = useFieldOptions(fields, host.transport);
  const actionKeys = keys.action(action.name);
  return (
    <ModalForm<Record<string, unknown>>
      name={formName}
      title={t(actionKeys.label)}
      open
      width={640}
      layout="horizontal"
      labelCol={{ span: 5 }}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      modalProps={{ maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        try {
          await submit(toSubmitBody({ fields }, values));
          return true;
        } catch {
          return false;
        }
      }}
    >
      {Object.entries(fields).map(([name, field]) => (
        <FieldInput key={name} name={name} field={field} keys={actionKeys.fields} t={t} options={options} />
      ))}
    </ModalForm>
  );
}
