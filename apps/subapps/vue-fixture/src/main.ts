import { createApp, defineComponent, h, onBeforeUnmount, reactive, type App } from 'vue';
import { SHELL_EVENTS, SUBAPP_EVENTS, emitToShell, type ProjectNode, type SubAppProps, type WujieGlobals } from '@wb/contracts/subapp-protocol';
import { ProtocolPanel } from './protocol-panel';

/**
 * A minimal Vue 3 sub-app for the shell's tests: it shows the props it
 * received, keeps a list in step with 'project-change', sends 'routerChange'
 * and 'export-state', and has the protocol panel (every event a sub-app may
 * send, a button each). Nothing in it knows React.
 */
const globals = window as Window & WujieGlobals;

const Fixture = defineComponent({
  name: 'VueFixture',
  setup() {
    const $wujie = globals.$wujie;
    const props: Partial<SubAppProps> = $wujie?.props ?? {};
    const state = reactive({
      project: props.project ?? null,
      /** every project-change received, newest first */
      changes: [] as string[],
      refreshes: 0,
      sent: [] as string[],
    });
    const onProject = (node: ProjectNode) => {
      state.project = node;
      state.changes.unshift(node?.name ?? '');
    };
    const onRefresh = () => {
      state.refreshes++;
    };
    $wujie?.bus.$on(SHELL_EVENTS.projectChange, onProject);
    $wujie?.bus.$on(SHELL_EVENTS.dataRefresh, onRefresh);
    onBeforeUnmount(() => {
      $wujie?.bus.$off(SHELL_EVENTS.projectChange, onProject);
      $wujie?.bus.$off(SHELL_EVENTS.dataRefresh, onRefresh);
    });

    const send = (label: string, fire: (bus: NonNullable<typeof $wujie>['bus']) => void) => {
      state.sent.unshift(label);
      if ($wujie) fire($wujie.bus);
    };

    return () => {
      const ids = state.project?.projectIds ? state.project.projectIds.split(',') : [];
      return h('div', { class: 'vue-fixture' }, [
        h('h2', 'Vue 3 fixture'),
        h('p', { class: 'vue-fixture-mode' }, $wujie ? 'mounted by the shell' : 'standalone (no shell)'),
        h('dl', [
          h('dt', 'tenant'),
          h('dd', { class: 'vf-tenant' }, props.tenantId ?? '-'),
          h('dt', 'user'),
          h('dd', { class: 'vf-user' }, props.user ? props.user.userName || props.user.account : '-'),
          h('dt', 'locale'),
          h('dd', { class: 'vf-locale' }, props.locale ?? '-'),
          h('dt', 'project'),
          h('dd', { class: 'vf-project' }, state.project?.name ?? '-'),
          h('dt', 'token'),
          h('dd', { class: 'vf-token' }, props.getToken?.() ? 'present' : 'absent'),
          h('dt', 'data-refresh'),
          h('dd', { class: 'vf-refreshes' }, String(state.refreshes)),
        ]),
        h('h3', 'Projects of the selection'),
        h('ul', { class: 'vf-project-ids' }, ids.length ? ids.map((id) => h('li', { key: id }, id)) : [h('li', { class: 'vf-empty' }, '(none)')]),
        h('h3', 'project-change received'),
        h(
          'ol',
          { class: 'vf-changes' },
          state.changes.map((name, i) => h('li', { key: i }, name)),
        ),
        h('div', [
          h(
            'button',
            { class: 'vf-open-param', onClick: () => send('routerChange /system/param', (bus) => emitToShell(bus, SUBAPP_EVENTS.routerChange, '/system/param')) },
            'routerChange /system/param',
          ),
          h(
            'button',
            { class: 'vf-export-processing', onClick: () => send('export-state processing', (bus) => emitToShell(bus, SUBAPP_EVENTS.exportState, 'processing')) },
            'export-state processing',
          ),
          h(
            'button',
            { class: 'vf-export-success', onClick: () => send('export-state success', (bus) => emitToShell(bus, SUBAPP_EVENTS.exportState, 'success')) },
            'export-state success',
          ),
          h('button', { class: 'vf-export-fail', onClick: () => send('export-state fail', (bus) => emitToShell(bus, SUBAPP_EVENTS.exportState, 'fail')) }, 'export-state fail'),
        ]),
        h(
          'ul',
          { class: 'vf-sent' },
          state.sent.map((label, i) => h('li', { key: i }, label)),
        ),
        h(ProtocolPanel, { wujie: $wujie }),
      ]);
    };
  },
});

let app: App | null = null;

function mount(): void {
  if (app) return;
  app = createApp(Fixture);
  app.mount('#vue-fixture-root');
}

function unmount(): void {
  app?.unmount();
  app = null;
}

if (globals.__POWERED_BY_WUJIE__) {
  globals.__WUJIE_MOUNT = mount;
  globals.__WUJIE_UNMOUNT = unmount;
  // module scripts run after wujie asked for the mount: do it now (wujie's mount runs once)
  globals.__WUJIE?.mount();
} else {
  mount();
}
