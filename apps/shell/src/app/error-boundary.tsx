import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../shared/i18n/i18n';

interface Props {
  /** a new value (the path) clears a shown error: navigating away recovers */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page that fails to render, typically a chunk that no longer exists
 * after a deploy: reloading fetches the new one. Plain elements: it sits in
 * the entry chunk.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h2>{i18n.t('page.serverError')}</h2>
        <p style={{ color: '#999' }}>{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {i18n.t('common.ok')}
        </button>
      </div>
    );
  }
}
