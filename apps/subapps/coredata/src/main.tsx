import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { connectBus } from './bridge';
import { initI18n } from './i18n';
import { session } from './session';
import { inWujie, registerLifecycle, wujie } from './wujie';

/**
 * Standalone, the app renders at once. Mounted by wujie it renders on
 * __WUJIE_MOUNT and tears down on __WUJIE_UNMOUNT (React root unmounted, bus
 * listeners removed), so the shell can keep it alive or mount it again.
 */
let root: Root | null = null;
let disconnect: (() => void) | null = null;

function mount(): void {
  if (root) return;
  initI18n(session.locale());
  disconnect = connectBus(wujie());
  root = createRoot(document.getElementById('coredata-root')!);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

function unmount(): void {
  root?.unmount();
  root = null;
  disconnect?.();
  disconnect = null;
}

if (inWujie()) registerLifecycle(mount, unmount);
else mount();
