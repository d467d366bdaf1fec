import { defineComponent, h, onBeforeUnmount, reactive } from 'vue';
import { SHELL_EVENTS, SUBAPP_EVENTS, type SubAppEventName, type SubAppLocale, type SubAppProps, type WujieContext } from '@wb/contracts/subapp-protocol';

/**
 * One button per event a sub-app may send, with a sample payload (docs/subapp-protocol.md §3),
 * and a log of the events in and out: what the end-to-end tests of the shell's host click
 * (e2e/micro-apps-events.spec.ts). A test fixture, not part of any product app.
 */
const SAMPLES: { event: SubAppEventName; payload?: unknown }[] = [
  { event: SUBAPP_EVENTS.routerChange, payload: '/system/param' },
  { event: SUBAPP_EVENTS.routerChange, payload: { path: '/system/param', query: { from: 'fixture' } } },
  { event: SUBAPP_EVENTS.routerChange, payload: -1 },
  // not a path: the shell answers 'please provide the base.routerChange event parameter'
  { event: SUBAPP_EVENTS.routerChange, payload: {} },
  { event: SUBAPP_EVENTS.toggleMenu },
  { event: SUBAPP_EVENTS.fullScreen, payload: true },
  { event: SUBAPP_EVENTS.fullScreen, payload: false },
  { event: SUBAPP_EVENTS.hideProjectFilter, payload: true },
  { event: SUBAPP_EVENTS.hideProjectFilter, payload: false },
  { event: SUBAPP_EVENTS.hideSidebar, payload: true },
  { event: SUBAPP_EVENTS.hideSidebar, payload: false },
  { event: SUBAPP_EVENTS.exportState, payload: 'processing' },
  { event: SUBAPP_EVENTS.exportState, payload: 'success' },
  { event: SUBAPP_EVENTS.exportState, payload: 'fail' },
  { event: SUBAPP_EVENTS.exportState, payload: 'default' },
  { event: SUBAPP_EVENTS.logout },
];

/** The button's text, which the tests click by ('export-state "processing"'). */
const label = (event: string, payload: unknown) => (payload === undefined ? event : `${event} ${JSON.stringify(payload)}`);
const LOG_LIMIT = 20;

export const ProtocolPanel = defineComponent({
  name: 'ProtocolPanel',
  props: { wujie: { type: Object as () => WujieContext | undefined, default: undefined } },
  setup(p) {
    const props: Partial<SubAppProps> = p.wujie?.props ?? {};
    const state = reactive({ locale: props.locale as SubAppLocale | undefined, log: [] as { direction: 'in' | 'out'; text: string }[] });
    const record = (direction: 'in' | 'out', text: string) => state.log.splice(0, state.log.length, { direction, text }, ...state.log.slice(0, LOG_LIMIT - 1));
    const onLocale = (locale: SubAppLocale) => {
      state.locale = locale;
      record('in', label(SHELL_EVENTS.localeChange, locale));
    };
    p.wujie?.bus.$on(SHELL_EVENTS.localeChange, onLocale);
    onBeforeUnmount(() => p.wujie?.bus.$off(SHELL_EVENTS.localeChange, onLocale));

    const send = (event: SubAppEventName, payload: unknown) => {
      record('out', label(event, payload));
      // the bus takes any payload: the samples include wrong ones on purpose
      if (payload === undefined) p.wujie?.bus.$emit(event);
      else p.wujie?.bus.$emit(event, payload);
    };

    return () =>
      h('section', { class: 'protocol-panel' }, [
        h('h3', 'Sub-application protocol'),
        h('dl', [
          h('dt', 'tenant'),
          h('dd', { class: 'protocol-tenant' }, props.tenantId ?? '-'),
          h('dt', 'user'),
          h('dd', { class: 'protocol-user' }, props.user ? `${props.user.userName || props.user.account} (${props.user.account})` : '-'),
          h('dt', 'locale'),
          h('dd', { class: 'protocol-locale' }, state.locale ?? '-'),
          h('dt', 'apiBase'),
          h('dd', { class: 'protocol-api-base' }, props.apiBase ?? '-'),
        ]),
        h(
          'div',
          { class: 'protocol-buttons' },
          SAMPLES.map(({ event, payload }) => h('button', { key: label(event, payload), 'data-event': event, onClick: () => send(event, payload) }, label(event, payload))),
        ),
        h(
          'ol',
          { class: 'protocol-log' },
          state.log.map((entry, i) => h('li', { key: i, 'data-direction': entry.direction }, `${entry.direction === 'in' ? '←' : '→'} ${entry.text}`)),
        ),
      ]);
  },
});
