import { createContext, useContext, type ReactNode } from 'react';
import type { ModalFuncProps } from 'antd';
import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Download } from './download';

/**
 * How the resource UI reaches the server. Every call resolves with the
 * envelope's `data`; on failure the host has already shown the message (its
 * request client does) and the promise rejects.
 */
export interface ResourceTransport {
  get<T>(url: string, params?: Record<string, unknown>): Promise<T>;
  post<T>(url: string, body?: unknown, params?: Record<string, unknown>): Promise<T>;
  /** a multipart upload (the field `file`) */
  upload<T>(url: string, form: FormData): Promise<T>;
  /**
   * Uploads a picked file the host's own way and answers its link, or null when that failed (the
   * host has logged why). The shell uses the spec's signed-URL flow; a host without it has picture
   * fields post to `uploadPath`.
   */
  uploadFile?(file: File): Promise<string | null>;
  /** a binary answer (an export), sent with the same token headers as every call */
  download(url: string, params?: Record<string, unknown>): Promise<Download>;
}

/** The parts of antd's message API the pages use. */
export interface ResourceMessages {
  success(content: string): unknown;
  warning(content: string): unknown;
  error(content: string): unknown;
}

export interface ResourceFeedback {
  message: ResourceMessages;
  modal: { confirm(config: ModalFuncProps): unknown; info(config: ModalFuncProps): unknown };
}

/** What differs between the hosts of the resource UI (the shell, a sub-app). */
export interface ResourceHost {
  transport: ResourceTransport;
  /** whether the user holds a button code (buttons without it are hidden; the server checks anyway) */
  can(code: string): boolean;
  /** the host's i18next instance: the UI registers the defs' texts and its own defaults in it */
  i18n: I18n;
  /** message and confirm bound to the host's antd context (theme, locale) */
  feedback(): ResourceFeedback;
  /** prefix for the server's file links when the API is on another origin ('' = same origin) */
  apiBase?: string;
  /** the icons an 'icon' field offers, by name (the shell's menu icons) */
  icons?: ReadonlyMap<string, ComponentType>;
  /** where pictures are posted when the transport has no uploadFile (default: put-file) */
  uploadPath?: string;
  /** who is signed in (tenant and user): a table's density and columns are kept for them; absent, nothing is kept */
  userKey?: string;
}

export const DEFAULT_UPLOAD_PATH = '/us-resource/oss/endpoint/put-file';

const HostContext = createContext<ResourceHost | null>(null);

export function ResourceHostProvider({ host, children }: { host: ResourceHost; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useResourceHost(): ResourceHost {
  const host = useContext(HostContext);
  if (!host) throw new Error('The resource UI needs a <ResourceHostProvider> around it');
  return host;
}
