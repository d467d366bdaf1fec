import { lazy, Suspense, type ReactNode } from 'react';
import { resourceByPage } from '@wb/contracts/resources/catalogue';
import { PageLoading } from '../shared/ui/page-loading';

// ProComponents only once a resource page is shown: a menu path without one stays light.
const GenericPage = lazy(() => import('./shell-resource-host').then((m) => ({ default: m.ShellResourcePage })));

interface Props {
  /** the menu path */
  path: string;
  /** what a path without a resource shows (the virtual page) */
  fallback: ReactNode;
}

/**
 * A menu path with no page of its own: the generic page of the resource whose
 * `page.path` it is, as the catalogue of resources lists them.
 */
export default function CataloguePage({ path, fallback }: Props) {
  const def = resourceByPage(path);
  if (!def) return <>{fallback}</>;
  return (
    <Suspense fallback={<PageLoading />}>
      <GenericPage def={def} />
    </Suspense>
  );
}
