import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
// antd's package index, which Node loads as CommonJS: this module runs only at build time, in Node.
import { Button, ConfigProvider, Result } from 'antd';
import { FIRST_PAGE } from '@wb/contracts/constants';
import type { StatusDocument } from '@wb/contracts/page-documents';
import { defaultReadableTokens } from '../../shared/theme/default-tokens';
import { shellEn } from '../../shared/i18n/shell-en';
import { shellZh } from '../../shared/i18n/shell-zh';
import { LANGUAGE_STORE_NAME } from '../../shared/storage-names';
import { keyOf } from '../../shared/storage';

/*
 * Build time only (scripts/prerender.mjs loads this through Vite): the error pages
 * /404, /403 and /500 as documents of their own, antd's Result drawn here with its
 * CSS, so the document needs no script to look like the shell's own error page
 * (app/pages/error-page.tsx, shown when the app moves there itself).
 */

const TEXT = { '403': 'forbidden', '404': 'notFound', '500': 'serverError' } as const;

/** Both languages' words; a line of script shows the stored one (Chinese, the default, until then). */
function Words({ zh, en }: { zh: string; en: string }): ReactNode {
  return (
    <>
      <span data-language="zh">{zh}</span>
      <span data-language="en" hidden>
        {en}
      </span>
    </>
  );
}

/** The class prefix of these documents' antd styles. */
export const STATUS_PREFIX = 'wb-doc';

function StatusPage({ status }: { status: StatusDocument }) {
  return (
    <ConfigProvider prefixCls={STATUS_PREFIX} theme={{ hashed: false, ...defaultReadableTokens() }}>
      <Result
        status={status}
        title={status}
        subTitle={<Words zh={shellZh.page[TEXT[status]]} en={shellEn.page[TEXT[status]]} />}
        extra={
          <Button type="primary" href={FIRST_PAGE}>
            <Words zh={shellZh.page.backHome} en={shellEn.page.backHome} />
          </Button>
        }
      />
    </ConfigProvider>
  );
}

/** Runs in the document before it paints: English words when English is the stored language. Inlined as text, so self-contained. */
function showStoredLanguage(key: string): void {
  let language: unknown;
  try {
    language = (JSON.parse(sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? 'null') as { content?: unknown } | null)?.content;
  } catch {
    // not ours: the default stays
  }
  if (language !== 'en') return;
  document.documentElement.lang = 'en';
  for (const element of document.querySelectorAll<HTMLElement>('[data-language]')) element.hidden = element.dataset.language !== 'en';
}

/** The document's body and head for one status: the page, its antd CSS, and the language line. */
export function renderStatusDocument(status: StatusDocument): { body: string; styles: string; script: string } {
  const cache = createCache();
  const body = renderToString(
    <StyleProvider cache={cache}>
      <StatusPage status={status} />
    </StyleProvider>,
  );
  return { body, styles: extractStyle(cache, { plain: true }), script: `(${showStoredLanguage.toString()})(${JSON.stringify(keyOf(LANGUAGE_STORE_NAME))})` };
}
