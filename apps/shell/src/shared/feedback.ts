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
  info(config: ModalFuncProps): unknown;
}

let rootMessageApi: MessageInstance | null = null;
let messageApi: MessageInstance | null = null;
let modalApi: Confirm | null = null;

/** The root's instance: it lives as long as the app, on every route. */
export function setMessageApi(api: MessageInstance | null): void {
  if (messageApi === rootMessageApi) messageApi = api;
  rootMessageApi = api;
}

export function setModalApi(api: Confirm | null): void {
  modalApi = api;
}

/**
 * A themed part of the app (the layout) registers its own message instance and
 * puts the previous one back when it unmounts, so messages follow the theme.
 */
export function registerMessageApi(api: MessageInstance): () => void {
  const previous = messageApi;
  messageApi = api;
  return () => {
    if (messageApi === api) messageApi = previous;
  };
}

/** Same for confirms: the layout's modal instance while it is mounted. */
export function registerModalApi(api: Confirm): () => void {
  const previous = modalApi;
  modalApi = api;
  return () => {
    if (modalApi === api) modalApi = previous;
  };
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
  info: (config) => {
    window.alert([config.title, config.content].filter((part) => typeof part === 'string').join('\n'));
    return undefined;
  },
};

/**
 * `message` follows the theme of the part of the app on screen; `rootMessage`
 * outlives a navigation that unmounts that part (a message shown while logging out).
 */
export function feedback(): { message: MessageInstance; rootMessage: MessageInstance; modal: Confirm } {
  return { message: messageApi ?? consoleMessage, rootMessage: rootMessageApi ?? messageApi ?? consoleMessage, modal: modalApi ?? nativeConfirm };
}
