import { beforeEach, describe, expect, it } from 'vitest';
import { indicatorView, toExportState, useExportIndicator } from './export-state';

describe('export/import indicator', () => {
  beforeEach(() => useExportIndicator.setState({ state: 'default' }));

  it('draws a spinner while processing, a green full circle on success, a failure mark on fail', () => {
    expect(indicatorView('processing').icon).toBe('spinner');
    expect(indicatorView('success').icon).toBe('green-circle');
    expect(indicatorView('fail').icon).toBe('failed');
    expect(indicatorView('default').icon).toBe('idle');
  });

  it('follows export-state events and ignores payloads that are not a state', () => {
    const { set } = useExportIndicator.getState();
    set('processing');
    expect(useExportIndicator.getState().state).toBe('processing');
    set('bogus');
    set(undefined);
    expect(useExportIndicator.getState().state).toBe('processing');
    set('success');
    expect(useExportIndicator.getState().state).toBe('success');
    expect(toExportState('fail')).toBe('fail');
    expect(toExportState(1)).toBeUndefined();
  });
});
