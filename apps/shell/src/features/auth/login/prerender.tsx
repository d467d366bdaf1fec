import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
// antd's package index, which Node loads as CommonJS: this module runs only at build time, in Node.
import { ConfigProvider, Form, Input } from 'antd';
import type { LoginDocumentChoice } from '@wb/contracts/page-documents';
import { defaultReadableTokens } from '../../../shared/theme/default-tokens';
import { DEFAULT_LOGIN_SETTINGS } from '../api/login-settings';
import { LOGIN_PREFIX } from './form-parts';
import { LoginPage } from './login-page';

/*
 * Build time only (scripts/prerender.mjs loads this through Vite): the login
 * page as HTML for each document, and antd's styles for the fields it draws.
 */

/** The page as the login document shows it before any script runs (Chinese, the default). */
export function renderLoginPage(choice: LoginDocumentChoice): string {
  const settings = { ...DEFAULT_LOGIN_SETTINGS, ...choice };
  return renderToString(<LoginPage initialSettings={settings} initialLanguage="zh" onEnter={async () => undefined} onRegister={() => undefined} />);
}

/**
 * antd's own CSS for the components form-parts.tsx draws (Form.Item with and
 * without a message, Input, Input.Password), with the product's theme colour,
 * unhashed and under the login prefix: computed here once, so the page
 * computes none and loads no antd.
 */
export function renderAntdStyles(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider prefixCls={LOGIN_PREFIX} theme={{ hashed: false, ...defaultReadableTokens() }}>
        <Form layout="vertical" size="large" requiredMark={false}>
          <Form.Item label="-" validateStatus="error" help="-">
            <Input />
          </Form.Item>
          <Form.Item label="-">
            <Input.Password />
          </Form.Item>
        </Form>
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true });
}
