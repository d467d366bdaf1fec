import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Code outside React (the request client, logout, list pages) needs antd's
 * message and confirm. The app registers context-aware instances here: the
 * root registers message (small, needed on /login), the layout registers the
 * modal, so Modal stays out of the entry chunk. Only types are imported here.
 */
interface Confirm {
  confirm(config: ModalFuncProps): unknown;
}

let messageApi: MessageInstance | null = null;
let modalApi: Confirm | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function setModalApi(api: Confirm | null): void {
  modalApi = api;
}

/** Used before an instance is registered (never in practice: the root mounts first). */
const consoleMessage = new Proxy({} as MessageInstance, {
  get: (_target, type) => (content: unknown) => {
    console.warn(`[${String(type)}]`, content);
    return Promise.resolve(true);
  },
});

/** Without a modal instance a native confirm keeps the flow working. */
const nativeConfirm: Confirm = {
  confirm: (config) => {
    const text = [config.title, config.content].filter((part) => typeof part === 'string').join('\n');
    if (window.confirm(text)) void config.onOk?.();
    return undefined;
  },
};

export function feedback(): { message: MessageInstance; modal: Confirm } {
  return { message: messageApi ?? consoleMessage, modal: modalApi ?? nativeConfirm };
}
