import { render } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { beforeAll, describe, expect, it } from 'vitest';
import { formClass, FormItem, LOGIN_PREFIX, PasswordInput, TextInput } from './form-parts';

// The login page draws antd's markup itself and is styled by antd's own CSS (prerender.tsx).
// Should an antd upgrade change that markup, these tests say where.

beforeAll(() => {
  // antd's Form reads the screen size (Grid); jsdom has no matchMedia
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
});

/** Tags and classes, depth first, without the icon's drawing: what antd's styles select on. */
function shape(element: Element): string[] {
  const own = `${element.tagName.toLowerCase()}.${[...element.classList].sort().join('.')}`;
  if (element.tagName.toLowerCase() === 'svg') return [own];
  return [own, ...[...element.children].flatMap((child) => shape(child).map((line) => `  ${line}`))];
}

async function antd(field: 'text' | 'password', error?: string): Promise<string[]> {
  const { container } = render(
    <ConfigProvider prefixCls={LOGIN_PREFIX} theme={{ hashed: false }}>
      <Form layout="vertical" size="large" requiredMark={false}>
        <Form.Item name="f" label="账号" rules={[{ required: true }]} validateStatus={error ? 'error' : undefined} help={error}>
          {field === 'text' ? <Input /> : <Input.Password />}
        </Form.Item>
      </Form>
    </ConfigProvider>,
  );
  // antd shows a message after its motion frame
  await new Promise((resolve) => setTimeout(resolve, 50));
  return shape(container.firstElementChild!);
}

function ours(field: 'text' | 'password', error?: string): string[] {
  const { container } = render(
    <form className={formClass()}>
      <FormItem id="f" label="账号" error={error}>
        {field === 'text' ? <TextInput id="f" invalid={!!error} /> : <PasswordInput id="f" invalid={!!error} />}
      </FormItem>
    </form>,
  );
  return shape(container.firstElementChild!);
}

describe("the login form's fields draw antd's markup", () => {
  it.each([
    ['text', undefined],
    ['text', '请输入用户名'],
    ['password', undefined],
    ['password', '请输入密码'],
  ] as const)('%s field, message %s', async (field, error) => {
    expect(ours(field, error)).toEqual(await antd(field, error));
  });
});
