import './page-loading.css';

/**
 * Fallback while a route's chunk or its data loads. Plain CSS rather than antd
 * Spin: it sits in the entry chunk, which every route pays for.
 */
export function PageLoading() {
  return (
    <div className="wb-page-loading" role="status" aria-busy="true">
      <span className="wb-page-loading__dot" />
    </div>
  );
}
