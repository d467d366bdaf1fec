import { useMemo } from 'react';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@wb/contracts/resource';
import { FieldInput } from './field-input';
import { NO_OPTIONS, type FieldOptions } from './field-options';
import { inForm, inheritedFields, initialFormValues, toFormValues, toSubmitBody } from './form-values';
import { useResourceHost } from './host';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { resourceKeys } from './resource-i18n';
import { revealOnce } from './reveal';

export type FormMode = 'add' | 'edit' | 'view';

export const DEFAULT_FORM_WIDTH = 640;
/** From this width the dialog puts two fields on a row. */
const TWO_COLUMNS_FROM = 800;

interface Props {
  def: AnyResourceDef;
  mode: FormMode;
  record?: AnyRecord;
  /** values a new record starts with beyond the defaults (a child's parent, a tree node's parent) */
  preset?: Record<string, unknown>;
  /** choices of the def's fields (loaded by the page) */
  options?: FieldOptions;
  onClose(): void;
  /** after a successful save, with the record as the server answered it */
  onSaved(saved?: AnyRecord): void;
}

/** Long inputs take a whole row of a two-column form. */
const wide = (field: FieldDef) => field.kind === 'text' || field.kind === 'image' || field.kind === 'richText';

/**
 * Add / edit / view dialog built from the def's fields. The form is named
 * `<resource>-form`, so inputs get stable ids (`param-form_paramKey`).
 * addOnly fields and those a child inherits are shown but not editable after
 * adding; passwords only when adding; virtual fields never.
 */
export function ResourceForm({ def, mode, record, preset, options = NO_OPTIONS, onClose, onSaved }: Props) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const keys = resourceKeys(def);
  const api = resourceApi(def, host.transport);
  const titleKey = mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle';
  const adding = mode === 'add';
  const readonly = mode === 'view';
  const width = def.formWidth ?? DEFAULT_FORM_WIDTH;
  const grid = width >= TWO_COLUMNS_FROM;
  const inherited = inheritedFields(def);
  // The dialog unmounts when closed (the page drops it), so every opening starts fresh.
  const initialValues = useMemo(() => (adding || !record ? { ...initialFormValues(def), ...preset } : toFormValues(def, record)), [def, adding, record, preset]);

  return (
    <ModalForm<Record<string, unknown>>
      name={`${def.name}-form`}
      // the record's name ('新增岗位'), not the menu's ('岗位管理')
      title={t(titleKey, { title: t(keys.entity) })}
      open
      width={width}
      layout="horizontal"
      grid={grid}
      rowProps={grid ? { gutter: 16 } : undefined}
      labelCol={{ span: grid ? 6 : 5 }}
      // a label longer than its column (English 'Confirm password') wraps instead of being cut
      labelWrap
      initialValues={initialValues}
      readonly={readonly}
      requiredMark={!readonly}
      submitter={readonly ? false : { searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      modalProps={{ maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        let saved: unknown;
        try {
          const body = toSubmitBody(def, values, adding ? undefined : record?.id);
          saved = await (adding ? api.add(body) : api.update(body));
          if (adding) revealOnce(host, def, saved);
        } catch {
          // The host's request client has shown the server's message; keep the dialog open.
          return false;
        }
        void host.feedback().message.success(t(adding ? 'crud.added' : 'crud.updated'));
        onSaved(saved && typeof saved === 'object' && 'id' in saved ? (saved as AnyRecord) : undefined);
        return true;
      }}
    >
      {Object.entries(def.fields)
        .filter(([, field]) => inForm(field, adding))
        .map(([name, field]) => (
          <FieldInput
            key={name}
            name={name}
            field={field}
            keys={keys}
            t={t}
            options={options}
            readonly={readonly}
            disabled={!readonly && (field.readonly || (!adding && field.addOnly) || inherited.includes(name))}
            self={def.tree?.parentField === name && record ? String(record.id) : undefined}
            // a whole-row input in a two-column form: half the label span keeps the labels aligned
            colProps={grid ? { span: wide(field) ? 24 : 12 } : undefined}
            labelCol={grid && wide(field) ? { span: 3 } : undefined}
          />
        ))}
    </ModalForm>
  );
}
