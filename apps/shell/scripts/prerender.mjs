#!/usr/bin/env node
/**
 * Writes the pre-rendered documents into dist/ after `vite build`
 * (`@wb/contracts/page-documents`).
 *
 * The login documents: for each choice of
 * the settings that change the form (LOGIN_DOCUMENT_CHOICES), dist/login.html
 * with the page pre-rendered in its root, its styles inline, antd's styles for
 * its fields in a <style> (only the rules whose classes the page can carry) and
 * the choice in a meta tag for hydration. No prefetch links: measured, fifty of
 * them held the first paint back by 50 ms; the page loads the shell itself
 * once idle (login-main.tsx).
 *
 * The lock document (lock.html): the lock screen pre-rendered the same way.
 *
 * The error pages (404.html, 403.html, 500.html): antd's Result drawn at build time
 * with its CSS and a line of script for the stored language; nothing else runs.
 *
 * The page modules are loaded through Vite (TSX, CSS imports, the same env).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { createServer } from 'vite';
import { appDir, dist } from './bundle-graph.mjs';

/** Classes of the login prefix that a state adds to the form (a field's message, focus). */
const LOGIN_STATES = [
  'form-item-explain',
  'form-item-explain-connected',
  'form-item-explain-error',
  'form-item-additional',
  'form-item-margin-offset',
  'form-item-with-help',
  'form-item-has-error',
  'input-status-error',
  'input-affix-wrapper-focused',
];

const vite = await createServer({ root: appDir, mode: 'production', logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false } });
try {
  const { renderLoginPage, renderAntdStyles } = await vite.ssrLoadModule('/src/features/auth/login/prerender.tsx');
  const { LOCK_DOCUMENT_FILE, LOGIN_DOCUMENT_CHOICES, LOGIN_SETTINGS_META, STATUS_DOCUMENTS, loginDocumentFile, statusDocumentFile } =
    await vite.ssrLoadModule('@wb/contracts/page-documents');
  const { renderStatusDocument, STATUS_PREFIX } = await vite.ssrLoadModule('/src/app/pages/status-documents.tsx');
  const { LOGIN_PREFIX } = await vite.ssrLoadModule('/src/features/auth/login/form-parts.tsx');

  const pages = LOGIN_DOCUMENT_CHOICES.map((choice) => ({ choice, markup: renderLoginPage(choice) }));
  const styles = usedStyles(renderAntdStyles(), LOGIN_PREFIX, pages.map((p) => p.markup).join(''), LOGIN_STATES);
  const template = documentTemplate('login');
  for (const [i, { choice, markup }] of pages.entries()) {
    const meta = `<meta name="${LOGIN_SETTINGS_META}" content="${JSON.stringify(choice).replaceAll('"', '&quot;')}">`;
    const html = template.replace('<!--login-head-->', `${meta}<style>${styles}</style>`).replace('<!--login-page-->', markup);
    writeFileSync(join(dist, loginDocumentFile(choice)), html);
    if (i === 0) writeFileSync(join(dist, 'login.html'), html);
  }
  console.log(`prerender: ${pages.length} login documents, ${(styles.length / 1024).toFixed(1)} KB of antd styles`);

  // The lock screen draws the same fields: the login's styles serve it.
  const { renderLockPage } = await vite.ssrLoadModule('/src/features/lock/prerender.tsx');
  const lock = documentTemplate('lock').replace('<!--lock-head-->', `<style>${styles}</style>`).replace('<!--lock-page-->', renderLockPage());
  writeFileSync(join(dist, LOCK_DOCUMENT_FILE), lock);
  console.log('prerender: the lock document');

  for (const status of STATUS_DOCUMENTS) {
    const { body, styles: all, script } = renderStatusDocument(status);
    const css = usedStyles(all, STATUS_PREFIX, body);
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><link rel="icon" href="data:,"><title>${status}</title><style>${css}</style></head><body>${body}<script>${script}</script></body></html>`;
    writeFileSync(join(dist, statusDocumentFile(status)), html);
  }
  console.log(`prerender: ${STATUS_DOCUMENTS.length} error pages`);
} finally {
  await vite.close();
}

/**
 * dist/<name>.html as vite build wrote it, its stylesheets inlined (a stylesheet
 * link would hold the first paint for a round trip), with its two markers.
 */
function documentTemplate(name) {
  const html = readFileSync(join(dist, `${name}.html`), 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_, file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`,
  );
  if (!html.includes(`<!--${name}-head-->`) || !html.includes(`<!--${name}-page-->`))
    throw new Error(`dist/${name}.html has no <!--${name}-head--> or <!--${name}-page--> marker: it is written by vite build, run that first`);
  return html;
}

/**
 * antd's rules for the classes the page carries: every class of the prefix in a
 * rule's selector must be one the markup uses, or one a state adds (`states`).
 * Rules for the classes of components never drawn (24 grid columns per
 * breakpoint, input sizes, add-ons, button variants) are dropped: most of the CSS,
 * and the link reset.
 */

function usedStyles(css, prefix, markup, states = []) {
  const used = new Set([...(markup.match(new RegExp(`${prefix}-[\\w-]+`, 'g')) ?? []), ...states.map((state) => `${prefix}-${state}`)]);
  const classOf = new RegExp(`\\.(${prefix}-[\\w-]+)`, 'g');
  // antd's unhashed reset colours every `a` of the document: the page's own stylesheet styles its
  // links, and after signing in the rule would outlive the login in the app and beat the chosen
  // theme's link colour (the default's shade on the dark theme)
  const linkReset = /^a(?=$|[:[])/;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // a class inside :not() need not be on the page for the rule to apply
    const kept = rule.selectors.filter((selector) => !linkReset.test(selector) && [...selector.replace(/:not\([^)]*\)/g, '').matchAll(classOf)].every(([, name]) => used.has(name)));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}
