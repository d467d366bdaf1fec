import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../shared/i18n/i18n';
import { recordCaughtError } from './early-errors';
import { isChunkLoadError } from '../features/error-log/chunk-error';

interface Props {
  /** a new value (the path) clears a shown error: navigating away recovers */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page that fails to render: the error goes to the local error log;
 * a chunk that no longer exists after a deploy
 * offers a reload, which fetches the new one. Plain elements: it sits in the
 * entry chunk.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    recordCaughtError(error, info.componentStack ?? 'render');
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div role="alert" className="wb-boundary">
        <h2>{i18n.t(chunk ? 'boundary.chunkError' : 'boundary.serverError')}</h2>
        {!chunk && <p className="wb-boundary__detail">{error.message}</p>}
        <button type="button" className="wb-boundary__reload" onClick={() => window.location.reload()}>
          {i18n.t('boundary.reload')}
        </button>
      </div>
    );
  }
}
