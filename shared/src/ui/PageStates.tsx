/** Page states shared by every screen: loading, error (with 'Réessayer'), empty. */
import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';

export function PageLoading({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 32, justifyContent: 'center' }}>
      <Spin />
      <span>{label}</span>
    </div>
  );
}

export function PageError({ title, message, onRetry, retryLabel = 'Réessayer' }: { title?: string; message: ReactNode; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div style={{ padding: 24 }}>
      <Alert type="error" showIcon title={title ?? message} description={title ? message : undefined} action={onRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : undefined} />
    </div>
  );
}

export function PageEmpty({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <Empty
      description={
        <span>
          <strong style={{ display: 'block' }}>{title}</strong>
          {description}
        </span>
      }
    >
      {children}
    </Empty>
  );
}
