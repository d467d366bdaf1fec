import { useEffect, useState } from 'react';
import { ProForm, ProFormSelect } from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import type { ColProps } from 'antd';
import type { FieldDef } from '@wb/contracts/resource';
import type { Choice } from './field-options';
import { useResourceHost } from './host';
import { selectOptions } from './resource-api';
import { escapeClosesSearch } from './select-escape';

interface Props {
  name: string;
  field: FieldDef & { ref: { basePath: string; within: string } };
  common: { name: string; label: string; rules: Rule[]; disabled?: boolean; colProps?: ColProps; labelCol?: ColProps };
  /** every record's choice: shown until the field it lies within has a value (and for a view) */
  all: Choice[];
}

/**
 * A ref picked within another field of the form (`ref.within`: a job location's grid within its
 * project, a project's city within its company): it offers the records that share that field's
 * value, read from the other resource's `select` with that filter, and clears a pick that the
 * new value leaves out. The server refuses a mismatched pair anyway.
 */
export function NarrowedRefSelect({ name, field, common, all }: Props) {
  const { transport } = useResourceHost();
  const form = ProForm.useFormInstance();
  const within = field.ref.within;
  const value = ProForm.useWatch(within, form) as unknown;
  const narrowing = value !== undefined && value !== null && value !== '' ? String(value) : '';
  const [choices, setChoices] = useState<Choice[] | null>(null);

  useEffect(() => {
    if (!narrowing) {
      setChoices(null);
      return;
    }
    let live = true;
    void selectOptions(transport, field.ref.basePath, { [within]: narrowing })
      .catch(() => [])
      .then((list) => {
        if (!live) return;
        const next = list.map((o) => ({ value: String(o.id), label: o.label }));
        setChoices(next);
        const picked = form.getFieldValue(name) as unknown;
        if (picked !== undefined && picked !== null && picked !== '' && !next.some((c) => c.value === String(picked))) form.setFieldValue(name, undefined);
      });
    return () => {
      live = false;
    };
  }, [transport, field.ref.basePath, within, narrowing, form, name]);

  return <ProFormSelect {...common} options={choices ?? all} fieldProps={{ showSearch: true, optionFilterProp: 'label', onKeyDown: escapeClosesSearch, allowClear: !field.required }} />;
}
