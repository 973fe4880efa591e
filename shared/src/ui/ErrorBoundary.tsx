/** Catches a render error below it and shows a French message with 'Réessayer' (resets and renders again). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageError } from './PageStates';

interface Props {
  children: ReactNode;
  title?: string;
  message?: string;
  onRetry?: () => void;
  /** Changing this value clears a caught error (e.g. on navigation). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Tablée: erreur dans une zone de l’application', error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) {
      return <PageError title={this.props.title ?? 'Une erreur est survenue'} message={this.props.message ?? 'Cette partie de l’application n’a pas pu s’afficher.'} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
