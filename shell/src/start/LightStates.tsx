/**
 * Loading, error, warning and empty states and error boundary of the light starts and of the shell's
 * antd-free screens (the dashboard, issue 34), drawn like the kernel's PageLoading, PageError, PageEmpty
 * and ErrorBoundary (antd Spin, Alert and Empty with the theme) without antd.
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

/** A warning (antd's Alert type 'warning' with its icon), with an optional action at its end. */
export function LightWarning({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="tl-warning" role="alert">
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M8 4v5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="8" cy="11.6" r="1" fill="#fff" />
      </svg>
      <div className="tl-warning-body">{children}</div>
      {action}
    </div>
  );
}

/** The kernel's PageEmpty: antd's default 'Empty' picture, the title in bold, then the description. */
export function LightEmpty({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="tl-empty">
      <div className="tl-empty-image">
        <svg width="184" height="152" viewBox="0 0 184 152" xmlns="http://www.w3.org/2000/svg">
          <title>Aucune donnée</title>
          <g fill="none" fillRule="evenodd">
            <g transform="translate(24 31.7)">
              <ellipse fillOpacity=".8" fill="#f0f0f0" cx="67.8" cy="106.9" rx="67.8" ry="12.7" />
              <path fill="#bfbfbf" d="M122 69.7 98.1 40.2a6 6 0 0 0-4.6-2.2H42.1a6 6 0 0 0-4.6 2.2l-24 29.5V85H122z" />
              <path fill="#f5f5f5" d="M33.8 0h68a4 4 0 0 1 4 4v93.3a4 4 0 0 1-4 4h-68a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4" />
              <path
                fill="#d9d9d9"
                d="M42.7 10h50.2a2 2 0 0 1 2 2v25a2 2 0 0 1-2 2H42.7a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2m.2 39.8h49.8a2.3 2.3 0 1 1 0 4.5H42.9a2.3 2.3 0 0 1 0-4.5m0 11.7h49.8a2.3 2.3 0 1 1 0 4.6H42.9a2.3 2.3 0 0 1 0-4.6m79 43.5a7 7 0 0 1-6.8 5.4H20.5a7 7 0 0 1-6.7-5.4l-.2-1.8V69.7h26.3c2.9 0 5.2 2.4 5.2 5.4s2.4 5.4 5.3 5.4h34.8c2.9 0 5.3-2.4 5.3-5.4s2.3-5.4 5.2-5.4H122v33.5q0 1-.2 1.8"
              />
            </g>
            <path fill="#d9d9d9" d="m149.1 33.3-6.8 2.6a1 1 0 0 1-1.3-1.2l2-6.2q-4.1-4.5-4.2-10.4c0-10 10.1-18.1 22.6-18.1S184 8.1 184 18.1s-10.1 18-22.6 18q-6.8 0-12.3-2.8" />
            <g fill="#fff" transform="translate(149.7 15.4)">
              <circle cx="20.7" cy="3.2" r="2.8" />
              <path d="M5.7 5.6H0L2.9.7zM9.3.7h5v5h-5z" />
            </g>
          </g>
        </svg>
      </div>
      <div className="tl-empty-description">
        <strong style={{ display: 'block' }}>{title}</strong>
        {description}
      </div>
    </div>
  );
}
