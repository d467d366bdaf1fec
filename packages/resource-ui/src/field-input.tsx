import type { ComponentProps } from 'react';
import { Col, type ColProps } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  ProForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import type { FieldDef } from '@wb/contracts/resource';
import { brokenRule } from '@wb/contracts/field-rules';
import { labelText, labelsOf } from './field-labels';
import { treeChoices, type FieldOptions } from './field-options';
import { ImageInput } from './image-input';
import { RichText } from './rich-text';
import type { FieldKeys } from './resource-i18n';
import { escapeClosesSearch } from './select-escape';
import { IconInput } from './icon-input';
import { NarrowedRefSelect } from './narrowed-ref';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** a `dateOnly` field's format in its picker and column */
export const DATE_FORMAT = 'YYYY-MM-DD';
const INT_MAX = 2147483647;

export interface FieldInputProps {
  name: string;
  field: FieldDef;
  keys: FieldKeys;
  t(key: string, options?: Record<string, unknown>): string;
  options: FieldOptions;
  /** the whole form is read (view) */
  readonly?: boolean;
  /** this input is shown but not editable (addOnly when editing, inherited from a parent) */
  disabled?: boolean;
  /** a treeRef's own record: it and its descendants cannot be picked (a node is not its own parent) */
  self?: string;
  /** where the input sits in a grid form, and its label's width there */
  colProps?: ColProps;
  labelCol?: ColProps;
}

/** The confirmation of a new password: never submitted, it only has to match. */
function PasswordConfirm({ name, field, t, colProps, labelCol }: Pick<FieldInputProps, 'name' | 'field' | 't' | 'colProps' | 'labelCol'>) {
  const rules: Rule[] = [
    ...(field.required ? [{ required: true, message: t('crud.passwordConfirmRequired') }] : []),
    ({ getFieldValue }) => ({
      // an empty confirmation of a required password is the required rule's to report
      validator: (_, value: unknown) =>
        (value || '') === (getFieldValue(name) || '') || (!value && field.required) ? Promise.resolve() : Promise.reject(new Error(t('crud.passwordMismatch'))),
    }),
  ];
  return (
    <ProFormText.Password
      name={`${name}__confirm`}
      label={t('crud.passwordConfirm')}
      dependencies={[name]}
      rules={rules}
      colProps={colProps}
      labelCol={labelCol}
      fieldProps={{ maxLength: field.maxLength, autoComplete: 'new-password' }}
    />
  );
}

/** A read value of a field with choices: its names, as the list's cell shows them (the form item passes `value`). */
function ChoiceText({ value, field, labels }: { value?: unknown; field: FieldDef; labels: Map<string, string> }) {
  return <span className="wb-field-text">{labelText(field, labels, value)}</span>;
}

/**
 * A plain form item in the form's grid. ProForm's own fields take their `colProps`; a plain
 * ProForm.Item does not, and sat unwrapped in the row: half as wide, its label cut (公告内容 → 公告).
 */
function GridItem({ colProps, ...item }: ComponentProps<typeof ProForm.Item> & { colProps?: ColProps }) {
  const formItem = <ProForm.Item {...item} />;
  return colProps ? <Col {...colProps}>{formItem}</Col> : formItem;
}

/** One input per field kind, for the edit form and an action's dialog. */
export function FieldInput({ name, field, keys, t, options, readonly, disabled, self, colProps, labelCol }: FieldInputProps) {
  // 查看 reads what the list reads: ProForm's own read mode of a tree select knows no treeData and showed the ids
  const labels = readonly ? labelsOf(name, field, { t, keys, options }) : undefined;
  if (labels) {
    return (
      <GridItem name={name} label={t(keys.label(name))} colProps={colProps} labelCol={labelCol}>
        <ChoiceText field={field} labels={labels} />
      </GridItem>
    );
  }
  const text = field.kind === 'string' || field.kind === 'text' || field.kind === 'password';
  // `whitespace` only on text: async-validator takes a rule that has the key at all for a string rule,
  // and a list of choices then never passes
  const label = t(keys.label(name));
  const rules: Rule[] = [
    ...(field.required ? [{ required: true, ...(text ? { whitespace: true } : {}), message: t(keys.required(name)) }] : []),
    ...(text && field.maxLength ? [{ max: field.maxLength, message: t('crud.rule.tooLong', { label, max: field.maxLength }) }] : []),
    // the format the server will check (a phone, an e-mail, the password rule), shown under the field as it is typed
    {
      validator: (_: unknown, value: unknown) => {
        const rule = brokenRule(field, value);
        return rule ? Promise.reject(new Error(t(`crud.rule.${rule}`, { label }))) : Promise.resolve();
      },
    },
  ];
  const common = { name, label, rules, disabled, colProps, labelCol };
  const choices = options.choices[name] ?? [];
  const search = { showSearch: true, optionFilterProp: 'label', onKeyDown: escapeClosesSearch };
  switch (field.kind) {
    case 'text':
      return <ProFormTextArea {...common} fieldProps={{ maxLength: field.maxLength, rows: 4 }} />;
    case 'number':
      return <ProFormDigit {...common} min={field.min ?? 0} max={field.max ?? INT_MAX} fieldProps={{ precision: 0 }} />;
    case 'select':
      return <ProFormSelect {...common} options={(field.options ?? []).map((o) => ({ value: o.value, label: t(keys.option(name, o.value)) }))} />;
    case 'switch':
      return <ProFormSwitch {...common} fieldProps={{ checkedChildren: t('crud.yes'), unCheckedChildren: t('crud.no') }} />;
    case 'ref':
    case 'multiRef':
      if (field.ref?.tree) {
        // records of a tree resource (departments, roles) are picked where they sit in the tree
        return (
          <ProFormTreeSelect
            {...common}
            fieldProps={{
              treeData: treeChoices(options.trees[name] ?? []),
              multiple: field.kind === 'multiRef',
              showSearch: true,
              treeNodeFilterProp: 'title',
              treeDefaultExpandAll: true,
              allowClear: !field.required,
              onKeyDown: escapeClosesSearch,
            }}
          />
        );
      }
      if (field.ref?.within && field.kind === 'ref' && !readonly)
        return <NarrowedRefSelect name={name} field={{ ...field, ref: { ...field.ref, within: field.ref.within } }} common={common} all={choices} />;
      if (field.kind === 'multiRef') return <ProFormSelect {...common} options={choices} fieldProps={{ ...search, mode: 'multiple', maxTagCount: 'responsive', allowClear: true }} />;
      return <ProFormSelect {...common} options={choices} fieldProps={{ ...search, allowClear: !field.required }} />;
    case 'dict':
      return <ProFormSelect {...common} options={choices} fieldProps={{ ...search, allowClear: !field.required }} />;
    case 'treeRef':
      return (
        <ProFormTreeSelect
          {...common}
          fieldProps={{
            treeData: treeChoices(options.trees[name] ?? [], self),
            showSearch: true,
            treeNodeFilterProp: 'title',
            allowClear: true,
            onKeyDown: escapeClosesSearch,
          }}
        />
      );
    case 'date':
      if (field.dateOnly) return <ProFormDatePicker {...common} fieldProps={{ format: DATE_FORMAT, style: { width: '100%' } }} />;
      return <ProFormDateTimePicker {...common} fieldProps={{ format: DATE_TIME_FORMAT, style: { width: '100%' } }} />;
    case 'password':
      return (
        <>
          <ProFormText.Password {...common} fieldProps={{ maxLength: field.maxLength, autoComplete: 'new-password' }} />
          {/* a sealed secret is a key the provider gave, pasted, not one the user invents and could mistype */}
          {!readonly && !field.sealed && <PasswordConfirm name={name} field={field} t={t} colProps={colProps} labelCol={labelCol} />}
        </>
      );
    case 'icon':
      return <IconInput common={common} maxLength={field.maxLength} />;
    case 'richText':
      return (
        <GridItem {...common}>
          <RichText readonly={readonly || disabled} t={t} />
        </GridItem>
      );
    case 'image':
      return (
        <GridItem {...common}>
          <ImageInput readonly={readonly || disabled} t={t} />
        </GridItem>
      );
    default:
      return <ProFormText {...common} fieldProps={{ maxLength: field.maxLength }} />;
  }
}
