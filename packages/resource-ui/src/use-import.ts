import { useEffect, useRef, useState } from 'react';
import { IMPORT_POLL_MS, importFailed } from '@wb/contracts/imports';
import type { ExportStatePayload } from '@wb/contracts/subapp-protocol';
import type { ResourceHost } from './host';
import type { ResourceApi } from './resource-api';

interface Options {
  api: ResourceApi;
  host: ResourceHost;
  t(key: string, options?: Record<string, unknown>): string;
  /** the host's indicator follows the import (its id is in the payload) */
  onExportState?(state: ExportStatePayload): void;
  /** the import is over: the list shows what it wrote */
  onImported(): void;
}

/**
 * 导入: sends the file as an import of the upload centre, then follows it (its detail every
 * second, as the upload centre does) and, once it is over, says how it went and reloads the list.
 */
export function useImport({ api, host, t, onExportState, onImported }: Options) {
  const [open, setOpen] = useState(false);
  const following = useRef<string | null>(null);
  // a page left while an import runs stops following it
  useEffect(() => () => void (following.current = null), []);

  const follow = async (id: string) => {
    following.current = id;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
      if (following.current !== id) return;
      const r = await api.importDetail(id).catch(() => null);
      if (!r || r.status !== 1) continue;
      following.current = null;
      if (importFailed(r)) void host.feedback().message.error(r.errorMsg ? `${t('crud.importFailed')}: ${r.errorMsg}` : t('crud.importFailed'));
      else void host.feedback().message[r.failedNum ? 'warning' : 'success'](t('crud.importDone', { success: r.successNum, failed: r.failedNum }));
      onImported();
      return;
    }
  };

  const send = async (file: File) => {
    const { id } = await api.importJob(file, file.name);
    setOpen(false);
    void host.feedback().message.success(t('crud.importQueued'));
    onExportState?.({ state: 'processing', importId: id });
    void follow(id);
  };

  return { open, show: () => setOpen(true), close: () => setOpen(false), send };
}
