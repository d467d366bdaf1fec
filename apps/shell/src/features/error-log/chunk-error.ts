/**
 * A lazily loaded chunk that no longer exists (after a deploy) or did not
 * arrive (network): webpack names it ChunkLoadError, the CSS loader
 * CSS_CHUNK_LOAD_FAILED, Vite/browsers say 'Failed to fetch
 * dynamically imported module' (Chrome), 'error loading dynamically imported
 * module' (Firefox) or 'Importing a module script failed' (Safari). Reloading
 * fetches the new chunks.
 */
const PATTERNS = [
  /ChunkLoadError/i,
  /CSS_CHUNK_LOAD_FAILED/,
  /Loading (?:CSS )?chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(thrown: unknown): boolean {
  if (!thrown) return false;
  const error = thrown as { name?: unknown; code?: unknown; message?: unknown };
  const parts = [error.name, error.code, error.message, typeof thrown === 'string' ? thrown : ''].filter((part): part is string => typeof part === 'string');
  return parts.some((part) => PATTERNS.some((pattern) => pattern.test(part)));
}
