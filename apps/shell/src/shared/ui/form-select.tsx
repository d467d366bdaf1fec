import { useLayoutEffect, useRef } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';

/**
 * antd's Select in a required Form.Item: the item gives it `aria-required`, which antd 5 puts on
 * the combobox's input and also on its outer <div>, where it is not allowed (axe's
 * aria-allowed-attr, critical; ant-design#46030, fixed in antd 6). Taken off the <div> after each
 * render (React sets it again only when it changes); the input keeps it.
 */
export function FormSelect<T = unknown>(props: SelectProps<T>) {
  const select = useRef<RefSelectProps>(null);
  useLayoutEffect(() => {
    select.current?.nativeElement?.removeAttribute('aria-required');
  });
  return <Select<T> ref={select} {...props} />;
}
