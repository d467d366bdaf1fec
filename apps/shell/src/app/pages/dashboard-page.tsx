import { lazy, Suspense } from 'react';
import { PageLoading } from '../../shared/ui/page-loading';

// the charts bring ECharts: a chunk of their own, loaded with this page only
const ConsoleCharts = lazy(() => import('../../features/home/console-charts'));

/** /wel/dashboard: the console, charts of the figures the home shows (reachable by address, hidden from the menu). */
export default function DashboardPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ConsoleCharts />
    </Suspense>
  );
}
