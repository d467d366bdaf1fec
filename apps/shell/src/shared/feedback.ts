import { message as staticMessage, Modal, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Code outside React (the request client, logout) needs antd's message and
 * modal. The app registers the context-aware instances of <App> here, so they
 * follow the theme and locale; before that the static ones are used.
 */
interface Feedback {
  message: MessageInstance;
  modal: { confirm(config: ModalFuncProps): unknown };
}

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback | null): void {
  current = feedback;
}

export function feedback(): Feedback {
  return current ?? { message: staticMessage, modal: { confirm: Modal.confirm } };
}
