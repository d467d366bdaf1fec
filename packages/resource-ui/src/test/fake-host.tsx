import type { ReactNode } from 'react';
import type { ModalFuncProps } from 'antd';
import i18next from 'i18next';
import { vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@wb/contracts/envelope';
import { ResourceHostProvider, type ResourceHost, type ResourceTransport } from '../host';

/** One call the UI made: how, where, with what. */
export interface Call {
  method: 'get' | 'post' | 'upload';
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

/** Answers a call with the envelope's `data`; undefined: the path is unknown to the test. */
export type Answer = (call: Call) => unknown;

/**
 * A server in memory for component tests: `answer` gives each call's data, and
 * every call is recorded. An unknown path rejects, as a failed call would.
 */
export function fakeHost(answer: Answer, options: { can?: (code: string) => boolean } = {}) {
  const calls: Call[] = [];
  const confirms: ModalFuncProps[] = [];
  const infos: ModalFuncProps[] = [];
  const respond = (call: Call) => {
    calls.push(call);
    const data = answer(call);
    return data === undefined ? Promise.reject(new Error(`no answer for ${call.method} ${call.url}`)) : Promise.resolve(data);
  };
  const transport: ResourceTransport = {
    get: <T,>(url: string, params?: Record<string, unknown>) => respond({ method: 'get', url, params }) as Promise<T>,
    post: <T,>(url: string, body?: unknown, params?: Record<string, unknown>) => respond({ method: 'post', url, body, params }) as Promise<T>,
    upload: <T,>(url: string, form: FormData) => respond({ method: 'upload', url, body: form }) as Promise<T>,
    download: () => Promise.reject(new Error('no downloads in these tests')),
  };
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'zh', fallbackLng: 'zh', resources: {}, interpolation: { escapeValue: false }, initImmediate: false, showSupportNotice: false });
  const message = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  const host: ResourceHost = {
    transport,
    can: options.can ?? (() => true),
    i18n,
    feedback: () => ({ message, modal: { confirm: (config: ModalFuncProps) => confirms.push(config), info: (config: ModalFuncProps) => infos.push(config) } }),
  };
  const wrapper = ({ children }: { children: ReactNode }) => <ResourceHostProvider host={host}>{children}</ResourceHostProvider>;
  return { host, calls, confirms, infos, message, wrapper, callsTo: (url: string) => calls.filter((c) => c.url === url) };
}

/** A page of the list call. */
export function page<T>(records: T[]): Page<T> {
  return { records, total: records.length, size: 10, current: 1, pages: 1 };
}

// Role queries walk the accessibility tree of the whole table and take seconds in jsdom: these read the DOM.

/** The button whose text matches (antd puts a space between two Chinese characters: '新 增'). */
export function buttonIn(container: HTMLElement, text: RegExp | string): HTMLButtonElement {
  return within(container).getByText(text, { selector: 'button span' }).closest('button')!;
}

/** The dialog that is open, once it is. */
export function openDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });
}

/** The table row that shows this text. */
export const rowOf = (text: string): HTMLElement => screen.getByText(text, { selector: 'td, td *' }).closest('tr')!;
