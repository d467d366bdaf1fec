import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import type { Access } from './access';
import { caller } from './auth';
import { forbidden } from './envelope';

/**
 * What a route requires: a menu or button code, any of several codes, or codes chosen
 * from the request (a submit without id needs `_add`, with one `_edit`; a select narrowed
 * by a list filter, the list's menu; null: this request is one any signed-in user may
 * make, as the shell's reads of a few parameters).
 */
export type Permission = string | readonly string[] | ((req: FastifyRequest) => string | readonly string[] | null);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** reachable without an access token */
    public?: boolean;
    /** any signed-in user: calls about the caller's own session, menus and profile */
    signedIn?: boolean;
    /** the caller's roles must grant this code */
    permission?: Permission;
    /** besides the permission, the caller must belong to the default tenant (writes of the platform's shared rows) */
    platform?: boolean;
    /** a public route that takes a form body (the OAuth token call): see input-types.ts, familyParameters */
    formBody?: boolean;
  }
}

function declarations(config: { public?: boolean; signedIn?: boolean; permission?: Permission } | undefined): string[] {
  const c = config ?? {};
  return [c.public && 'public', c.signedIn && 'signedIn', c.permission !== undefined && 'permission'].filter((x): x is string => !!x);
}

/** The codes a request must hold one of. */
export function requiredCodes(permission: Permission, req: FastifyRequest): readonly string[] {
  if (typeof permission === 'function') {
    const codes = permission(req);
    return codes === null ? [] : typeof codes === 'string' ? [codes] : codes;
  }
  return typeof permission === 'string' ? [permission] : permission;
}

/**
 * Declared permissions, enforced in one place: every route of the API context must
 * say `public`, `signedIn` or `permission` in its config — a route that says none
 * (or two) stops the server at start-up — and one hook checks, before the request is
 * validated (so a refused caller learns nothing about the input), the caller's menu and
 * button codes, the default tenant for `platform` routes and the API scopes covering the
 * path, then hands the roles' data scopes to the request's scope.
 */
export function enforcePermissions(api: FastifyInstance, access: Access): RouteAccess[] {
  const routes: RouteAccess[] = [];
  api.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; signedIn?: boolean; permission?: Permission };
    const said = declarations(config);
    if (said.length !== 1)
      throw new Error(`route ${String(route.method)} ${route.url} must declare exactly one of public, signedIn or permission (it declares ${said.join(', ') || 'none'})`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: said[0] as RouteAccess['access'], permission: config.permission, platform: !!route.config?.platform });
  });
  api.addHook('preValidation', async (req) => {
    const permission = req.routeOptions.config?.permission;
    if (permission === undefined) return;
    const codes = requiredCodes(permission, req);
    const me = caller(req);
    if (!codes.length) return;
    const grants = await access.grants(me.roleIds);
    if (!codes.some((c) => grants.codes.has(c))) throw forbidden(`${AUTH_MESSAGES.forbidden}: ${codes.join(' | ')}`);
    if (req.routeOptions.config?.platform && me.tenantId !== DEFAULT_TENANT_ID) throw forbidden(ACCESS_MESSAGES.platformOnly.zh);
    // a path some API scope covers is for the roles granted one of those scopes
    const path = req.url.split('?')[0];
    const covering = (await access.apiRules()).filter((r) => r.pattern.test(path));
    if (covering.length && !covering.some((r) => grants.apiScopeIds.has(r.id))) throw forbidden(`${AUTH_MESSAGES.forbidden}: ${covering.map((r) => r.name).join(' | ')}`);
    // what the guarded handler reads is narrowed by the roles' data scopes (platform/scope.ts)
    req.dataRules = grants.dataRules;
    req.dataRulesKey = grants.key;
  });
  return routes;
}

/** A route of the API and what it declared (the permission-matrix test walks these). */
export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | 'permission';
  permission?: Permission;
  /** only the default tenant may call it (writes of the platform's shared rows) */
  platform?: boolean;
}
