/**
 * Loads a screen's data once per key, with 'loading' / 'error' / 'ready' and a retry: an answer
 * that arrives after the key changed (or the screen left) is dropped, so it never overwrites newer data.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadStatus = 'loading' | 'error' | 'ready';

export function useLoad<T>(key: string, load: () => Promise<T>, onLoaded: (value: T) => void): { status: LoadStatus; reload: () => void } {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, onLoaded });
  latest.current = { load, onLoaded };

  useEffect(() => {
    let live = true;
    setStatus('loading');
    latest.current.load().then(
      (value) => {
        if (!live) return;
        latest.current.onLoaded(value);
        setStatus('ready');
      },
      (err: unknown) => {
        console.error(err);
        if (live) setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  return { status, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
