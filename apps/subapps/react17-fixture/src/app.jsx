import { useEffect, useState } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';

const wujie = window.$wujie;

function Page({ title, className }) {
  return (
    <section className={`react17-page ${className}`}>
      <h2>{title}</h2>
    </section>
  );
}

/** The frame: the route, the shell's project, links inside the app and buttons that open the host's pages. */
export function App() {
  const location = useLocation();
  const [project, setProject] = useState(wujie?.props?.project?.name ?? '-');

  useEffect(() => {
    if (!wujie) return undefined;
    const onProject = (node) => setProject(node.name);
    wujie.bus.$on('project-change', onProject);
    return () => wujie.bus.$off('project-change', onProject);
  }, []);

  return (
    <div className="react17-fixture">
      <p>
        route <code className="react17-route">{location.pathname + location.search}</code>
      </p>
      <p>
        project <span className="react17-project">{project}</span>
      </p>
      <nav>
        <Link className="react17-link" to="/">
          home
        </Link>{' '}
        <Link className="react17-link" to="/about">
          about
        </Link>{' '}
        <Link className="react17-link" to="/orders/list/today?page=2">
          today
        </Link>
      </nav>
      <button className="react17-jump" onClick={() => wujie?.props?.jump('/system/param')}>
        jump 参数管理
      </button>
      <button className="react17-router-change" onClick={() => wujie?.bus.$emit('routerChange', { path: '/system/param' })}>
        routerChange 参数管理
      </button>
      <Routes>
        <Route path="/" element={<Page title="首页 home" className="react17-home" />} />
        <Route path="/about" element={<Page title="关于 about" className="react17-about" />} />
        <Route path="/orders/list/today" element={<Page title="今日工单 today" className="react17-today" />} />
      </Routes>
    </div>
  );
}
