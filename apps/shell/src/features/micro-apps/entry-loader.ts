import { getStore, setStore } from '../../shared/storage';
import { SUBAPP_FAILED_STORE_NAME as FAILED_KEY } from '../../shared/storage-names';

/**
 * A sub-app's document, loaded from its entry (the descriptor's host) whatever route
 * the app opens at, checked, and with its relative asset addresses made absolute
 * against the entry: wujie resolves them against the folder of the address it opens,
 * which for a deep route ('/a/b/c') is not where the author built them for.
 *
 * An entry that failed is remembered (in this browser, across logins) and not
 * preloaded again until its address changes or the user asks for a retry, so a
 * broken deployment costs one failed request, not one per login.
 */

export class NotASubAppError extends Error {
  constructor(url: string) {
    super(`${url} answers the shell's own page, not a sub-application`);
    this.name = 'NotASubAppError';
  }
}

/** The shell's own entry script: an address that answers the shell's page (a history fallback) is no sub-app. */
function shellEntryScript(): string | undefined {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? undefined;
}

/** Checks a document an entry answered; throws what is wrong with it. */
export function checkEntryHtml(html: string, url: string): string {
  if (!html.trim()) throw new Error(`${url} answered no page`);
  const entry = shellEntryScript();
  if (entry && html.includes(`src="${entry}"`)) throw new NotASubAppError(url);
  return html;
}

const RELATIVE = /^(?![a-z][a-z\d+.-]*:|\/|#)/i;
const ASSET_TAG = /<(script|link|img)\b[^>]*>/gi;
/** src= or href=, quoted or not (minified pages leave quotes out: `src=./js/app.js`) */
const ASSET_ATTR = /(\s(?:src|href)\s*=\s*)(?:(["'])([^"']*)\2|([^\s"'>]+))/gi;

/** Relative src/href of scripts, links and images, absolute against the entry ('js/app.js' → 'http://apps/vue2/js/app.js'). */
export function absolutizeAssets(html: string, entry: string): string {
  return html.replace(ASSET_TAG, (tag) =>
    tag.replace(ASSET_ATTR, (whole, before: string, quote: string | undefined, quoted: string | undefined, bare: string | undefined) => {
      const value = quoted ?? bare ?? '';
      if (!value || !RELATIVE.test(value)) return whole;
      try {
        return `${before}${quote ?? '"'}${new URL(value, entry).href}${quote ?? '"'}`;
      } catch {
        return whole;
      }
    }),
  );
}

/**
 * Fetches the entry as a browser would (Accept: text/html: history-mode servers answer
 * a page only then). A page that does not come is an error naming the address and status.
 */
export async function fetchEntry(entry: string): Promise<string> {
  const response = await window.fetch(entry, { headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' } });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${entry}`);
  return absolutizeAssets(checkEntryHtml(await response.text(), entry), entry);
}

/** One load per entry and page session; a failed one is forgotten here so that a retry fetches again. */
const loads = new Map<string, Promise<string>>();

export function loadEntry(entry: string): Promise<string> {
  let load = loads.get(entry);
  if (!load) {
    load = fetchEntry(entry).catch((error: unknown) => {
      loads.delete(entry);
      markEntryFailed(entry, error);
      throw error;
    });
    loads.set(entry, load);
  }
  return load;
}

function failedEntries(): Record<string, string> {
  return getStore<Record<string, string>>(FAILED_KEY, 'local') ?? {};
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The entry (or a script of it) did not load: not preloaded again until a retry. */
export function markEntryFailed(entry: string, error: unknown): void {
  setStore(FAILED_KEY, { ...failedEntries(), [entry]: errorText(error) }, 'local');
}

/** Why the entry failed last time, when it did. */
export function entryFailure(entry: string): string | undefined {
  return failedEntries()[entry];
}

/** A retry was asked for, or the app loaded after all: the entry is tried normally again. */
export function forgetEntryFailure(entry: string): void {
  loads.delete(entry);
  const failed = failedEntries();
  if (!(entry in failed)) return;
  delete failed[entry];
  setStore(FAILED_KEY, failed, 'local');
}
