import { create } from 'zustand';
import { EXPORT_STATES, type ExportState } from '@wb/contracts/subapp-protocol';

/**
 * The export/import indicator of the top bar: default,
 * processing (a spinner), success (a green full circle), fail. Set by
 * sub-apps' `export-state` events.
 */
export function toExportState(payload: unknown): ExportState | undefined {
  return typeof payload === 'string' && (EXPORT_STATES as readonly string[]).includes(payload) ? (payload as ExportState) : undefined;
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

export const useExportIndicator = create<ExportIndicatorState>()((set) => ({
  state: 'default',
  // An unknown payload leaves the indicator as it is.
  set: (payload) => {
    const next = toExportState(payload);
    if (next) set({ state: next });
  },
}));
