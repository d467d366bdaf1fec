import { useCallback, useState } from 'react';

/**
 * A dialog's or a form's save: `busy` while the work runs (its button shows loading), and
 * whether the work succeeded. A failure is not thrown on: the request client has shown why, and
 * the dialog stays open as it was.
 */
export function useBusy(): { busy: boolean; run: (work: () => Promise<unknown>) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
