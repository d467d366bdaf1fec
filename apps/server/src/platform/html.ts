import type { DOMPurify } from 'dompurify';

let purify: Promise<DOMPurify> | undefined;

/**
 * Rich text as it is stored: DOMPurify's HTML profile over a jsdom window, loaded on the first
 * use (jsdom takes a moment to load, and the server starts and answers most calls without it).
 * Scripts, event handlers, `javascript:` links, frames, forms and styles go; text, formatting,
 * lists, tables, links and pictures stay. The shell sanitises again when it renders.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  purify ??= Promise.all([import('dompurify'), import('jsdom')]).then(([{ default: createDOMPurify }, { JSDOM }]) =>
    createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]),
  );
  return (await purify).sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });
}
