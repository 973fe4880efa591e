/**
 * Loading, error and error boundary of the light starts, drawn like the kernel's PageLoading, PageError
 * and ErrorBoundary (antd Spin and Alert with the theme) without antd, which these pages do not load.
 * Their styles (.tl-*) are in index.html: in the page from the start, and no JavaScript for the link
 * page's 120 KB budget.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export function LightLoading({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div className="tl-state tl-loading" role="status" aria-live="polite">
      <span className="tl-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** `message` alone: a one-line alert (the kernel's PageError without a title). */
export function LightError({ title, message, onRetry }: { title?: string; message: string; onRetry: () => void }) {
  return (
    <div className={`tl-state tl-error${title ? '' : ' tl-error-short'}`} role="alert">
      <svg width={title ? 24 : 14} height={title ? 24 : 14} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <div className="tl-error-body">
        {title ? (
          <>
            <strong className="tl-error-title">{title}</strong>
            <div>{message}</div>
          </>
        ) : (
          message
        )}
      </div>
      <button type="button" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  title: string;
  message: string;
  onRetry: () => void;
}

/** Catches a render error below it (a remote that cannot load) and offers 'Réessayer'. */
export class LightErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Tablée: erreur dans une zone de l’application', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <LightError title={this.props.title} message={this.props.message} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** /config.json unreadable: the same words as the full application's start. */
export function ConfigError() {
  return <LightError title="Configuration introuvable" message="Le fichier /config.json n'a pas pu être lu." onRetry={() => window.location.reload()} />;
}
