import type { Root } from 'react-dom/client';
import { captureErrorsFromStart } from './early-errors';

/**
 * For a page that is a document of its own (login-main.tsx, lock-main.tsx): the
 * signed-in shell, loaded when asked and started in the same document, so leaving
 * the page loads no other. The error log's code comes with the shell; errors before
 * that are kept (early-errors.ts).
 */
export function shellHandover(container: HTMLElement) {
  let shellStarts!: () => void;
  captureErrorsFromStart(new Promise<void>((resolve) => (shellStarts = resolve)));
  const loadShell = () => import('./start');
  return {
    loadShell,
    /** Unmounts the page (when it was rendered), moves to `to` (when given) and starts the shell. */
    async startShell(page: Root | undefined, to?: string): Promise<void> {
      shellStarts();
      const { startApp } = await loadShell();
      page?.unmount();
      // a page that never hydrated leaves its pre-rendered markup behind
      container.replaceChildren();
      if (to) window.history.replaceState(null, '', to);
      startApp(container);
    },
  };
}
