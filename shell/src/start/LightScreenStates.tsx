/**
 * The warning, empty and query states of the shell's antd-free screens (the dashboard, a reservation), drawn
 * like the kernel's Alert, PageEmpty and QueryState. A file apart from LightStates: the link page (at
 * its 120 KB budget) and the sign-in pages (no TanStack Query) use those without these.
 */
import { queryView, STALE_DATA_WARNING } from '@tablee/shared/light';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LightError, LightLoading } from './LightStates';

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

/**
 * The kernel's QueryState drawn without antd (the same rule, queryView): 'Chargement...' while the
 * query has no data, 'Erreur de chargement' with 'Réessayer' when it failed, else the data — kept on
 * screen with a warning when reading it again failed.
 */
export function LightQueryState<T>({
  query,
  errorMessage = 'Erreur de chargement',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  errorMessage?: string;
  children: (data: T) => ReactNode;
}) {
  const { show, staleFailed } = queryView(query);
  const retry = () => void query.refetch();
  if (show === 'data')
    return (
      <>
        {staleFailed && (
          <LightWarning
            action={
              <button type="button" className="tl-btn tl-btn-sm" onClick={retry}>
                Réessayer
              </button>
            }
          >
            {STALE_DATA_WARNING}
          </LightWarning>
        )}
        {children(query.data as T)}
      </>
    );
  if (show === 'error') return <LightError message={errorMessage} onRetry={retry} />;
  return <LightLoading />;
}
