import { Space } from 'antd';
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { ComponentProps } from 'react';
import { useResourceHost } from './host';

type Common = Pick<ComponentProps<typeof ProFormText>, 'name' | 'label' | 'rules' | 'disabled' | 'colProps' | 'labelCol'>;

/**
 * An 'icon' field: a searchable list of the host's icons, each shown beside its name; a host
 * without icons gets a text input (the name is what is stored either way).
 */
export function IconInput({ common, maxLength }: { common: Common; maxLength?: number }) {
  const { icons } = useResourceHost();
  if (!icons?.size) return <ProFormText {...common} fieldProps={{ maxLength }} />;
  const options = [...icons].map(([value, Icon]) => ({
    value,
    label: (
      <Space>
        <Icon />
        {value}
      </Space>
    ),
    text: value,
  }));
  return <ProFormSelect {...common} options={options} fieldProps={{ showSearch: true, optionFilterProp: 'text', allowClear: true }} />;
}

/** An icon name in a list cell, with its icon when the host has it. */
export function IconCell({ name }: { name: string }) {
  const { icons } = useResourceHost();
  const Icon = icons?.get(name);
  if (!name) return <>-</>;
  return (
    <Space>
      {Icon && <Icon />}
      {name}
    </Space>
  );
}
