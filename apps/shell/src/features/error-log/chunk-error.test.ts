import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error';

describe('chunk load failures', () => {
  it('recognises webpack, CSS and Vite/browser chunk errors', () => {
    const named = new Error('Loading chunk 12 failed.');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED', message: 'Loading CSS chunk 3 failed' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/info-page-x1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});
