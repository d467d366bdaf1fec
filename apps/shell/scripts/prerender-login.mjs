#!/usr/bin/env node
/**
 * Writes the login documents into dist/ after `vite build`: for each choice of
 * the settings that change the form (LOGIN_DOCUMENT_CHOICES), dist/login.html
 * with the page pre-rendered in its root, its styles inline, antd's styles for
 * its fields in a <style> (only the rules whose classes the page can carry) and
 * the choice in a meta tag for hydration. No prefetch links: measured, fifty of
 * them held the first paint back by 50 ms; the page loads the shell itself
 * once idle (login-main.tsx).
 * The page module is loaded through Vite (TSX, CSS imports, the same env).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { createServer } from 'vite';
import { appDir, dist } from './bundle-graph.mjs';

const vite = await createServer({ root: appDir, mode: 'production', logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false } });
try {
  const { renderLoginPage, renderAntdStyles } = await vite.ssrLoadModule('/src/features/auth/login/prerender.tsx');
  const { LOGIN_DOCUMENT_CHOICES, LOGIN_SETTINGS_META, loginDocumentFile } = await vite.ssrLoadModule('@wb/contracts/login-document');
  const { LOGIN_PREFIX } = await vite.ssrLoadModule('/src/features/auth/login/form-parts.tsx');

  const pages = LOGIN_DOCUMENT_CHOICES.map((choice) => ({ choice, markup: renderLoginPage(choice) }));
  const styles = usedStyles(renderAntdStyles(), LOGIN_PREFIX, pages.map((p) => p.markup).join(''));
  // The page's own stylesheets are inlined too: a stylesheet link would hold the first paint for a round trip.
  const template = readFileSync(join(dist, 'login.html'), 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_, file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`,
  );
  if (!template.includes('<!--login-head-->') || !template.includes('<!--login-page-->'))
    throw new Error('dist/login.html has no <!--login-head--> or <!--login-page--> marker: it is written by vite build, run that first');
  for (const [i, { choice, markup }] of pages.entries()) {
    const meta = `<meta name="${LOGIN_SETTINGS_META}" content="${JSON.stringify(choice).replaceAll('"', '&quot;')}">`;
    const html = template.replace('<!--login-head-->', `${meta}<style>${styles}</style>`).replace('<!--login-page-->', markup);
    writeFileSync(join(dist, loginDocumentFile(choice)), html);
    if (i === 0) writeFileSync(join(dist, 'login.html'), html);
  }
  console.log(`prerender-login: ${pages.length} login documents, ${(styles.length / 1024).toFixed(1)} KB of antd styles`);
} finally {
  await vite.close();
}

/**
 * antd's rules for the classes the page carries: every class of the login prefix in
 * a rule's selector must be one the markup uses, or one a state adds (a field's
 * message, focus). Rules for the classes of components never drawn (24 grid columns
 * per breakpoint, input sizes, add-ons) are dropped: three quarters of the CSS.
 */
function usedStyles(css, prefix, markup) {
  const used = new Set(markup.match(new RegExp(`${prefix}-[\\w-]+`, 'g')));
  for (const state of [
    'form-item-explain',
    'form-item-explain-connected',
    'form-item-explain-error',
    'form-item-additional',
    'form-item-margin-offset',
    'form-item-with-help',
    'form-item-has-error',
    'input-status-error',
    'input-affix-wrapper-focused',
  ])
    used.add(`${prefix}-${state}`);
  const classOf = new RegExp(`\\.(${prefix}-[\\w-]+)`, 'g');
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // a class inside :not() need not be on the page for the rule to apply
    const kept = rule.selectors.filter((selector) => [...selector.replace(/:not\([^)]*\)/g, '').matchAll(classOf)].every(([, name]) => used.has(name)));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}
