import ReactDOM from 'react-dom';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';

/**
 * Mounted the way wujie's own React demo is: a browser router under the base
 * path, __WUJIE_MOUNT and __WUJIE_UNMOUNT (a module script runs after wujie
 * looked for them, so it calls __WUJIE.mount() itself), rendered at once when
 * opened on its own. It listens to no route event: the host's history is its
 * only source of routes.
 */
function mount() {
  ReactDOM.render(
    <BrowserRouter basename="/react17">
      <App />
    </BrowserRouter>,
    document.getElementById('root'),
  );
}

function unmount() {
  ReactDOM.unmountComponentAtNode(document.getElementById('root'));
}

if (window.__POWERED_BY_WUJIE__) {
  window.__WUJIE_MOUNT = mount;
  window.__WUJIE_UNMOUNT = unmount;
  window.__WUJIE.mount();
} else {
  mount();
}
