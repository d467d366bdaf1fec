import { useState } from 'react';
import type { ExportStatePayload } from '@wb/contracts/subapp-protocol';
import { filtersOf, type ListQuery } from './list-query';
import type { ResourceApi } from './resource-api';

interface Options {
  api: ResourceApi;
  /** the filters of what the table shows */
  query(): ListQuery;
  /** the job is queued: the host's indicator follows it (the job id is in the payload) */
  onExportState?(state: ExportStatePayload): void;
  /** tells the user where the file will be */
  onQueued(): void;
}

/**
 * 导出: `POST {basePath}/export-job?<the table's filters>` queues the export in the download
 * centre, where its progress shows and its file is offered once whole.
 */
export function useExport({ api, query, onExportState, onQueued }: Options) {
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { id } = await api.exportJob(filtersOf(query()));
      onQueued();
      onExportState?.({ state: 'processing', jobId: id });
    } catch {
      // The host's transport has shown why.
      onExportState?.('fail');
    } finally {
      setExporting(false);
    }
  };

  return { exporting, run };
}
