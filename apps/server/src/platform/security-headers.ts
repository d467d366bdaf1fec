import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config';
import { uploadOriginOf } from './s3-store';

/**
 * The security headers of every answer (the shell, the sub-apps, uploaded files, API
 * JSON, errors): a Content-Security-Policy the shell and its wujie sub-apps run under,
 * framing limited to this site and FRAME_HOSTS, `nosniff`, a strict referrer policy.
 *
 * What the policy has to allow, and why (node_modules/wujie/esm/iframe.js):
 *  - script-src 'unsafe-inline': wujie fetches each sub-app script and runs it as an
 *    inline <script> in a same-origin sandbox iframe (wrapped to bind the proxy window),
 *    and that iframe inherits this page's policy. No nonce can reach those elements, so
 *    inline scripts cannot be refused without refusing the sub-apps. No 'unsafe-eval':
 *    neither wujie nor our builds evaluate strings.
 *  - frame-src blob: wujie's sandbox iframe starts on a blob: URL of an empty page;
 *    refused, no sub-app mounts (e2e/security.spec.ts fails without either of these two).
 *  - style-src 'unsafe-inline': antd's CSS-in-JS and wujie insert <style> elements.
 *  - img-src data: blob: https: — antd's inline icons, previews of a picked file, and
 *    avatars of third-party identities (https addresses of the provider).
 *  - base-uri: wujie puts a <base> at the app's own address in each sandbox, so that the
 *    app's relative URLs (lazily loaded chunks, pictures) resolve on its host.
 * Sub-apps deployed elsewhere are CORS_ORIGINS: their HTML and scripts are fetched
 * (connect-src) and their module scripts, styles, images and fonts loaded from there.
 * A deployment whose shell calls its API on another origin (uat, gray, test) names it
 * in API_ORIGINS (connect-src); with S3 storage, the bucket's origin is there too (signed uploads).
 */

/** Sources that are plain origins or hosts: anything else could add a directive of its own. */
const SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const sources = (list: readonly string[]) => list.filter((s) => SOURCE.test(s));

type HeaderConfig = Pick<Config, 'corsOrigins' | 'frameHosts' | 'embedHosts' | 'apiOrigins'> & Partial<Pick<Config, 's3'>>;

export function securityHeaderOptions(config: HeaderConfig): HelmetOptions {
  const others = sources(config.corsOrigins);
  const frameAncestors = sources(config.frameHosts);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...others],
        styleSrc: ["'self'", "'unsafe-inline'", ...others],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...others],
        fontSrc: ["'self'", 'data:', ...others],
        // with S3 storage the browser PUTs signed uploads to the bucket itself
        connectSrc: ["'self'", ...others, ...sources(config.apiOrigins), ...(config.s3 ? [uploadOriginOf(config.s3)] : [])],
        frameSrc: ["'self'", 'blob:', ...sources(config.embedHosts)],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // wujie gives each sandbox a <base> at its app's address: relative URLs inside the app resolve there
        baseUri: ["'self'", ...others],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...frameAncestors],
      },
    },
    // frame-ancestors decides in every current browser; the old header can only say
    // 'this site' and would refuse the configured hosts in the browsers that still read it
    xFrameOptions: frameAncestors.length ? false : { action: 'sameorigin' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the SSO and report entries open a window first and send it on once the ticket is
    // there (use-open-menu.ts); 'same-origin' would cut that handle
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // uploaded pictures and sub-app files, which shells on other origins load, say 'cross-origin' themselves
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // the deployment serves HTTPS (docs/security.md); browsers ignore this header over http
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  };
}

/**
 * The headers helmet sets for these options, worked out once: they depend on the
 * configuration only (no nonces), and @fastify/helmet built helmet's middleware again
 * on every request, parsing the policy each time (a few per cent of a list's CPU).
 */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(securityHeaderOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Sets the headers on every answer of `app`: the routes, the static files and the not-found answers. */
export function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
