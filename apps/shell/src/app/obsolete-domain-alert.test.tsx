import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { showObsoleteDomainAlert } from './obsolete-domain-alert';

describe('obsolete domain alert', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("titles '温馨提示！', names the new address and moves there after confirming", async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    try {
      act(() => showObsoleteDomainAlert('https://workbench.example.com/system/param?x=1'));
      await waitFor(() => expect(screen.getAllByText('温馨提示！').length).toBeGreaterThan(0));
      expect(screen.getAllByText(/当前地址已下线.*https:\/\/workbench\.example\.com/).length).toBeGreaterThan(0);
      expect(replace).not.toHaveBeenCalled();
      fireEvent.click(screen.getAllByRole('button')[0]);
      await waitFor(() => expect(replace).toHaveBeenCalledWith('https://workbench.example.com/system/param?x=1'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
