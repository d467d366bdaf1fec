import { create } from 'zustand';
import { EXPORT_STATES, type ExportState } from '@wb/contracts/subapp-protocol';
import { importFailed } from '@wb/contracts/imports';
import { DOWNLOADS_POLL_MS, fetchDownloads, JOB_DONE, JOB_RUNNING } from '../downloads/api/downloads';
import { fetchImport } from '../downloads/api/imports';

/**
 * The export/import indicator of the top bar: default,
 * processing (a spinner), success (a green full circle), fail. Set by
 * sub-apps' `export-state` events.
 */
export function toExportState(payload: unknown): ExportState | undefined {
  return typeof payload === 'string' && (EXPORT_STATES as readonly string[]).includes(payload) ? (payload as ExportState) : undefined;
}

const idText = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The job a payload is about: `{ state: 'processing', jobId }` or `{ state: 'processing', importId }` (ExportStatePayload). */
export function jobOf(payload: unknown): { state: ExportState; jobId?: string; importId?: string } | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const { state, jobId, importId } = payload as { state?: unknown; jobId?: unknown; importId?: unknown };
  const known = toExportState(state);
  return known ? { state: known, jobId: idText(jobId), importId: idText(importId) } : undefined;
}

export interface IndicatorView {
  state: ExportState;
  /** what the indicator draws */
  icon: 'idle' | 'spinner' | 'green-circle' | 'failed';
  /** i18n key of its tooltip */
  labelKey: string;
}

export function indicatorView(state: ExportState): IndicatorView {
  switch (state) {
    case 'processing':
      return { state, icon: 'spinner', labelKey: 'microApps.export.processing' };
    case 'success':
      return { state, icon: 'green-circle', labelKey: 'microApps.export.success' };
    case 'fail':
      return { state, icon: 'failed', labelKey: 'microApps.export.fail' };
    default:
      return { state: 'default', icon: 'idle', labelKey: 'microApps.export.default' };
  }
}

interface ExportIndicatorState {
  state: ExportState;
  set(payload: unknown): void;
}

/** the job the indicator follows: a newer one takes over */
let following: string | undefined;

/** How a followed job stands: still running, or how it ended; undefined when it is gone. */
type Check = () => Promise<ExportState | 'running' | undefined>;

const exportCheck =
  (jobId: string): Check =>
  async () => {
    const job = (await fetchDownloads(1, undefined)).records.find((r) => r.id === jobId);
    if (!job) return undefined;
    return job.jobStatus === JOB_RUNNING ? 'running' : job.jobStatus === JOB_DONE ? 'success' : 'fail';
  };

const importCheck =
  (importId: string): Check =>
  async () => {
    const r = await fetchImport(importId);
    return r.status !== 1 ? 'running' : importFailed(r) ? 'fail' : 'success';
  };

/** Polls the job every second until it ends, then shows how it ended (unless another job took over). */
async function follow(key: string, check: Check, show: (state: ExportState) => void): Promise<void> {
  following = key;
  for (;;) {
    const now = await check().catch(() => 'running' as const);
    if (following !== key) return;
    if (now === undefined) return show('default');
    if (now !== 'running') return show(now);
    await new Promise((resolve) => setTimeout(resolve, DOWNLOADS_POLL_MS));
  }
}

export const useExportIndicator = create<ExportIndicatorState>()((set) => ({
  state: 'default',
  // An unknown payload leaves the indicator as it is.
  set: (payload) => {
    const job = jobOf(payload);
    const next = job?.state ?? toExportState(payload);
    if (!next) return;
    following = undefined;
    set({ state: next });
    if (next !== 'processing') return;
    if (job?.jobId) void follow(`export:${job.jobId}`, exportCheck(job.jobId), (state) => set({ state }));
    else if (job?.importId) void follow(`import:${job.importId}`, importCheck(job.importId), (state) => set({ state }));
  },
}));
