import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** HTML as it may be shown: scripts, handlers, frames, forms and styles removed (the server removed them once already). */
export const sanitizeHtml = (html: string): string =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });

/** Rich text shown read-only, sanitised on render. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
