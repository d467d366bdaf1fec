import { useCallback, useMemo, type ReactNode } from 'react';
import { ResourceHostProvider, type ResourceHost, type ResourceTransport } from '@wb/resource-ui/host';
import { ResourcePage, type ResourcePageProps } from '@wb/resource-ui/resource-page';
import type { ExportStatePayload } from '@wb/contracts/subapp-protocol';
import { uploadBySignedUrl } from '../features/files/upload-by-signed-url';
import { useExportIndicator } from '../features/micro-apps/export-state';
import { blobErrorText } from '@wb/resource-ui/download';
import { appEnv } from '../shared/env';
import { feedback } from '../shared/feedback';
import { i18n } from '../shared/i18n/i18n';
import { queryClient } from '../shared/query-client';
import { http, RequestError } from '../shared/request';
import { useSession } from '../shared/session-store';
import { ICONS } from '../shared/ui/icons';

/**
 * Writes on these pages that change what this very shell shows: its menus (菜单管理, 顶部菜单,
 * 生成菜单) and its sub-app registry. They are read again at once, not at the next login.
 */
const SHELL_DATA_WRITES: [RegExp, string[][]][] = [
  [/^\/us-system\/(menu|topmenu)\//, [['menu']]],
  [/^\/us-system\/sub-app\//, [['menu'], ['sub-app']]],
];

/** The shell's request client as the resource UI's transport (its rules: headers, messages, 401, refresh). */
const transport: ResourceTransport = {
  get: (url, params) => http.get(url, params),
  async post<T>(url: string, body?: unknown, params?: Record<string, unknown>) {
    const data = await http.post<T>(url, body, { params });
    for (const [path, keys] of SHELL_DATA_WRITES) if (path.test(url)) for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    return data;
  },
  upload: (url, form) => http.post(url, form),
  // picture fields upload the spec's way: a signed address, then a PUT (to S3 itself when it is configured)
  uploadFile: uploadBySignedUrl,
  async download(url, params) {
    try {
      return await http.download(url, params);
    } catch (error) {
      const fallback = error instanceof Error ? error.message : i18n.t('request.unknownError');
      // a 401 has already been handled (and shown) by the client
      if (!(error instanceof RequestError && error.kind === 'unauthorized')) {
        void feedback().message.warning(await blobErrorText(error instanceof RequestError ? error.body : undefined, fallback));
      }
      throw error;
    }
  },
};

/** The resource UI's host inside the shell: its client, its permission map, its i18next, its antd feedback. */
export function useShellResourceHost(): ResourceHost {
  const permission = useSession((s) => s.permission);
  const can = useCallback((code: string) => permission[code] === true, [permission]);
  const info = useSession((s) => s.userInfo);
  // tables keep their settings per user of this browser
  const userKey = info ? `${info.tenant_id}:${info.user_id}` : undefined;
  return useMemo(() => ({ transport, can, i18n, feedback, apiBase: appEnv.apiBase, icons: ICONS, userKey }), [can, userKey]);
}

/** Puts the shell's host around resource UI (a generic page, a parent/child page, a page of its own). */
export function ShellResourceHost({ children }: { children: ReactNode }) {
  const host = useShellResourceHost();
  return <ResourceHostProvider host={host}>{children}</ResourceHostProvider>;
}

/** The top bar's indicator follows the exports queued from the shell's pages. */
const showExportState = (state: ExportStatePayload) => useExportIndicator.getState().set(state);

/** The generic resource page (from @wb/resource-ui) in the shell: its lists export to the download centre. */
export function ShellResourcePage(props: ResourcePageProps) {
  return (
    <ShellResourceHost>
      <ResourcePage exportable onExportState={showExportState} {...props} />
    </ShellResourceHost>
  );
}
