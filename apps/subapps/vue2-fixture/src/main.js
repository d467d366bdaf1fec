import Vue from 'vue';
import VueRouter from 'vue-router';
import App from './app';
import { routes } from './routes';

/**
 * Mounted the way wujie's own Vue 2 demo is: a hash router, __WUJIE_MOUNT and
 * __WUJIE_UNMOUNT, rendered at once when opened on its own.
 */
Vue.use(VueRouter);

let instance = null;

function mount() {
  const router = new VueRouter({ routes });
  instance = new Vue({ router, render: (h) => h(App) }).$mount('#app');
}

function unmount() {
  instance.$destroy();
  instance.$el.innerHTML = '';
  instance = null;
}

if (window.__POWERED_BY_WUJIE__) {
  window.__WUJIE_MOUNT = mount;
  window.__WUJIE_UNMOUNT = unmount;
} else {
  mount();
}
