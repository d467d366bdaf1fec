/** A file the server streamed back (an error file, a template). */
export interface Download {
  blob: Blob;
  /** from Content-Disposition, when the server named it */
  fileName?: string;
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*`
 * (UTF-8, percent-encoded: Chinese names) wins over the plain `filename`.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || undefined;
}

/**
 * The message of a failed download: the body is the JSON envelope, but it
 * arrived as a Blob because the call asked for one.
 */
export async function blobErrorText(body: unknown, fallback: string): Promise<string> {
  if (!body || typeof (body as Blob).text !== 'function') return fallback;
  try {
    const parsed = JSON.parse(await (body as Blob).text()) as { msg?: unknown };
    return typeof parsed.msg === 'string' && parsed.msg ? parsed.msg : fallback;
  } catch {
    return fallback;
  }
}

/** Saves a blob under a name through a temporary link (no navigation of the page). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
