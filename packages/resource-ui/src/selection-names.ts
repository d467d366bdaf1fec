import type { AriaAttributes } from 'react';
import type { TFunction } from 'i18next';
import type { CheckboxProps } from 'antd';

/** What antd's `rowSelection` passes to its checkboxes (it spreads them onto the <input>). */
type SelectionCheckboxProps = Partial<Omit<CheckboxProps, 'checked' | 'defaultChecked'>> & AriaAttributes;

/**
 * Names for a list's row-selection checkboxes, which antd draws without one (its 'select all'
 * is named in English whatever the language): 全选 / 'Select all' on the header's, and
 * 选择 + the row's name ('选择运营部', 'Select Operations') on each row's, or 选择此行 / 'Select
 * this row' when the row has none. Spread into `rowSelection`; the texts are `crud.select*`
 * (resource-i18n.ts).
 */
export function rowSelectionNames<T>(
  t: TFunction,
  nameOf: (row: T) => unknown,
): { getCheckboxProps: (row: T) => SelectionCheckboxProps; getTitleCheckboxProps: () => SelectionCheckboxProps } {
  return {
    getCheckboxProps: (row) => {
      const name = nameOf(row);
      const text = typeof name === 'string' || typeof name === 'number' ? String(name).trim() : '';
      return { 'aria-label': text ? t('crud.selectRow', { name: text }) : t('crud.selectThisRow') };
    },
    getTitleCheckboxProps: () => ({ 'aria-label': t('crud.selectAll') }),
  };
}
