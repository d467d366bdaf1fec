import { useState } from 'react';
import type { ExportState } from '@wb/contracts/subapp-protocol';
import { exportFileName, saveBlob } from './download';
import { filtersOf, type ListQuery } from './list-query';
import type { ResourceApi } from './resource-api';

interface Options {
  api: ResourceApi;
  /** the file's name when the server gives none: `<title>-<time>.xlsx` */
  title: string;
  /** the filters of what the table shows */
  query(): ListQuery;
  onExportState?(state: ExportState): void;
}

/** 导出: `GET {basePath}/export?<the table's filters>` saved as a file, one at a time. */
export function useExport({ api, title, query, onExportState }: Options) {
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    if (exporting) return;
    setExporting(true);
    onExportState?.('processing');
    try {
      const file = await api.export(filtersOf(query()));
      saveBlob(file.blob, exportFileName(title, file.fileName));
      onExportState?.('success');
    } catch {
      // The host's transport has shown why (blobErrorText reads the envelope out of the Blob).
      onExportState?.('fail');
    } finally {
      setExporting(false);
    }
  };

  return { exporting, run };
}
