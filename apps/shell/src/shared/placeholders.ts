/**
 * Link menus and header links may carry `${field}` placeholders, e.g.
 * `https://parking.example.com/?account=${account}`, filled from the
 * signed-in user's info. Values are URL-encoded; an unknown field becomes empty
 * rather than leaking the placeholder to a third-party system.
 */
export type PlaceholderValues = Record<string, string | number | boolean | null | undefined>;

const PLACEHOLDER = /\$\{\s*([\w.-]+)\s*\}/g;

export function fillPlaceholders(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER, (_match, field: string) => {
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

export function hasPlaceholders(template: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(template);
}

/**
 * The values a link may use: the session user info (snake_case, as the token
 * call returns it) plus camelCase aliases, plus the old-platform user info.
 */
export function placeholderValues(...sources: (Record<string, unknown> | undefined | null)[]): PlaceholderValues {
  const out: PlaceholderValues = {};
  for (const source of sources) {
    if (!source) continue;
    for (const [key, value] of Object.entries(source)) {
      if (value === null || typeof value === 'object' || typeof value === 'function') continue;
      const scalar = value as string | number | boolean;
      if (!(key in out)) out[key] = scalar;
      const camel = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      if (!(camel in out)) out[camel] = scalar;
    }
  }
  return out;
}
