import { page } from './page';

/** Three pages; the deep one is its own chunk (loaded relative to the public path). */
export const routes = [
  { path: '/', component: page('首页 home', 'vue2-home') },
  { path: '/dialog', component: page('弹窗 dialog', 'vue2-dialog') },
  { path: '/accumulated/manager/credits', component: () => import(/* webpackChunkName: "credits" */ './credits') },
];
