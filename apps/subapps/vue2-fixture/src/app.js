/**
 * The frame of every page, written as wujie's Vue 2 demo writes it: it follows
 * `vue2-router-change` from the host, tells the host `sub-route-change`, and
 * opens the host's pages through `props.jump`. It also shows the project the
 * shell picked (props, then project-change).
 */
const NAME = 'vue2';
const wujie = window.$wujie;

export default {
  name: 'App',
  data: () => ({ project: (wujie && wujie.props && wujie.props.project && wujie.props.project.name) || '-', events: 0 }),
  watch: {
    $route() {
      if (wujie) wujie.bus.$emit('sub-route-change', NAME, this.$route.path);
    },
  },
  mounted() {
    if (!wujie) return;
    wujie.bus.$on(`${NAME}-router-change`, this.follow);
    wujie.bus.$on('project-change', this.onProject);
  },
  beforeDestroy() {
    if (!wujie) return;
    wujie.bus.$off(`${NAME}-router-change`, this.follow);
    wujie.bus.$off('project-change', this.onProject);
  },
  methods: {
    follow(path) {
      this.events += 1;
      if (path !== this.$route.fullPath) this.$router.push(path).catch(() => undefined);
    },
    onProject(node) {
      this.project = node.name;
    },
    jump() {
      wujie.props.jump({ path: '/system/param' });
    },
  },
  render(h) {
    const link = (to, text) => h('router-link', { props: { to }, class: 'vue2-link' }, text);
    return h('div', { class: 'vue2-fixture' }, [
      h('p', [h('span', 'route '), h('code', { class: 'vue2-route' }, this.$route.fullPath)]),
      h('p', [h('span', 'project '), h('span', { class: 'vue2-project' }, this.project)]),
      h('p', { class: 'vue2-events' }, `router-change ${this.events}`),
      h('nav', [link('/', 'home'), ' ', link('/dialog', 'dialog'), ' ', link('/accumulated/manager/credits', 'credits')]),
      h('button', { class: 'vue2-jump', on: { click: this.jump } }, 'jump 参数管理'),
      h('router-view'),
    ]);
  },
};
