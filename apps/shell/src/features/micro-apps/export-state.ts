import { create } from 'zustand';
import { EXPORT_STATES, type ExportState } from '@wb/contracts/subapp-protocol';
import { DOWNLOADS_POLL_MS, fetchDownloads, JOB_DONE, JOB_RUNNING } from '../downloads/api/downloads';

/**
 * The export/import indicator of the top bar: default,
 * processing (a spinner), success (a green full circle), fail. Set by
 * sub-apps' `export-state` events.
 */
export function toExportState(payload: unknown): ExportState | undefined {
  return typeof payload === 'string' && (EXPORT_STATES as readonly string[]).includes(payload) ? (payload as ExportState) : undefined;
}

/** The job a payload is about: `{ state: 'processing', jobId }` (ExportStatePayload). */
export function jobOf(payload: unknown): { state: ExportState; jobId?: string } | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const { state, jobId } = payload as { state?: unknown; jobId?: unknown };
  const known = toExportState(state);
  return known ? { state: known, jobId: typeof jobId === 'string' && jobId ? jobId : undefined } : undefined;
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

/** Polls the download centre until the job ends, then shows how it ended (unless another job took over). */
async function follow(jobId: string, show: (state: ExportState) => void): Promise<void> {
  following = jobId;
  for (;;) {
    const page = await fetchDownloads(1, undefined).catch(() => undefined);
    if (following !== jobId) return;
    const job = page?.records.find((r) => r.id === jobId);
    if (!job) return show('default');
    if (job.jobStatus !== JOB_RUNNING) return show(job.jobStatus === JOB_DONE ? 'success' : 'fail');
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
    if (job?.jobId && next === 'processing') void follow(job.jobId, (state) => set({ state }));
  },
}));
