/**
 * Loading, error and error boundary of the light starts, drawn like the kernel's PageLoading, PageError
 * and ErrorBoundary (antd Spin and Alert with the theme) without antd, which these pages do not load.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

const CSS = `
.tl-state{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:14px;line-height:1.5714;color:rgba(0,0,0,.88)}
.tl-loading{display:flex;align-items:center;justify-content:center;gap:12px;padding:32px}
.tl-spin{width:20px;height:20px;border:3px solid #b5441b;border-right-color:transparent;border-radius:50%;animation:tl-spin 1s linear infinite}
@keyframes tl-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.tl-spin{animation-duration:3s}}
.tl-error{margin:24px;display:flex;gap:12px;align-items:flex-start;padding:20px 24px;background:#fff2f0;border:1px solid #ffccc7;border-radius:8px}
.tl-error svg{flex:none;margin-top:3px;color:#c41d1f}
.tl-error-body{flex:1}
.tl-error-title{display:block;font-size:16px;margin-bottom:4px}
.tl-error button{height:32px;padding:4px 15px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;color:rgba(0,0,0,.88);font:inherit;cursor:pointer;box-shadow:0 2px 0 rgba(0,0,0,.02)}
.tl-error button:hover{color:#c2653d;border-color:#c2653d}
.tl-error button:focus-visible{outline:3px solid rgba(181,68,27,.35);outline-offset:1px}
`;

const Styles = () => (
  <style href="tablee-light-states" precedence="default">
    {CSS}
  </style>
);

export function LightLoading({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div className="tl-state tl-loading" role="status" aria-live="polite">
      <Styles />
      <span className="tl-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function LightError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="tl-state tl-error" role="alert">
      <Styles />
      <svg width="24" height="24" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <div className="tl-error-body">
        <strong className="tl-error-title">{title}</strong>
        <div>{message}</div>
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
