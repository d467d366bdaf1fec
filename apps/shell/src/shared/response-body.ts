/**
 * How an answer's body is judged, apart from the request client so that the
 * login page (which calls with fetch, without axios) judges it the same way.
 */
export type Body = { code?: unknown; success?: unknown; msg?: unknown; error_description?: unknown } | null | undefined;

/** Success is code 200, code 0 or success true. */
export function isSuccessBody(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Body & object;
  return b.success === true || b.code === 200 || b.code === 0;
}

/** The server message, else the OAuth description, else the fallback ('未知错误'). */
export function failureText(body: unknown, fallback: string): string {
  const b = (body && typeof body === 'object' ? body : {}) as NonNullable<Body>;
  if (typeof b.msg === 'string' && b.msg) return b.msg;
  if (typeof b.error_description === 'string' && b.error_description) return b.error_description;
  return fallback;
}
