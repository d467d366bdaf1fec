import { appEnv } from '../../shared/env';
import { http } from '../../shared/request';
import { resourceUrl } from '../../shared/resource-url';
import { recordError } from '../error-log/capture';

/** GET /wwy-us-adapter/biz/file/createSignedUrlSync/{fileName} (shell spec §3 'Upload signed-URL response'). */
export interface SignedUpload {
  /** where to PUT the file: this server's API (local storage) or the object store itself (S3) */
  signedUrl: string;
  /** the headers the PUT must carry, as they were signed */
  actualSignedRequestHeaders: Record<string, string>;
  /** the file's address once uploaded (a link of the API, signed for the tenant) */
  url: string;
}

/** Why a signed upload failed, for the error log (a failed call the user was not shown is still a fault worth keeping). */
export class SignedUploadError extends Error {
  constructor(fileName: string, cause: unknown) {
    super(`signed upload of ${fileName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SignedUploadError';
  }
}

/**
 * The spec's object-storage upload (§7 'Files'): ask for a signed address by the file's name,
 * PUT the file there with the headers that came with it, and answer the file's url. On any
 * failure the error is logged in the shell's error log and the answer is null (§8 'Upload with
 * temporary signature fails: logged, returns null'): the caller says what it wants to the user.
 */
export async function uploadBySignedUrl(file: File): Promise<string | null> {
  try {
    const signed = await http.get<SignedUpload>(`/wwy-us-adapter/biz/file/createSignedUrlSync/${encodeURIComponent(file.name)}`, undefined, { silent: true });
    // a signed address of this server is a path of its API; one of the object store is absolute
    const res = await fetch(resourceUrl(signed.signedUrl, appEnv.apiBase), { method: 'PUT', headers: signed.actualSignedRequestHeaders, body: file });
    if (!res.ok) throw new Error(`PUT answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return signed.url;
  } catch (error) {
    recordError(new SignedUploadError(file.name, error), 'uploadBySignedUrl');
    return null;
  }
}
