import { render } from '@testing-library/react';
import { Form } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormSelect } from './form-select';

beforeAll(() => {
  // antd's Form reads the screen size (Grid); jsdom has no matchMedia
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
});

describe('a Select in a required form item', () => {
  it('says it is required on its combobox, not on the <div> around it', () => {
    const { container } = render(
      <Form>
        <Form.Item name="category" label="分类" rules={[{ required: true }]}>
          <FormSelect options={[{ value: 'a', label: 'A' }]} />
        </Form.Item>
      </Form>,
    );
    expect(container.querySelector('.ant-select')?.hasAttribute('aria-required')).toBe(false);
    expect(container.querySelector('input[role="combobox"]')?.getAttribute('aria-required')).toBe('true');
  });
});
