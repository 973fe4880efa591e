/**
 * The toast of the edit screens (spec §2): top-right, green for success, red for error, closes after
 * 4 s; kept in local storage under 'restaurant-notification' and shown again on load if younger than 5 s.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../constants';

const TOAST_REPLAY_MAX_AGE_MS = 5000;
const TOAST_STORAGE_KEY = 'restaurant-notification';

export type ToastType = 'success' | 'error';

export interface ToastMessage {
  type: ToastType;
  message: string;
}

interface StoredToast extends ToastMessage {
  timestamp: number;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function persistToast(toast: ToastMessage, now: number = Date.now()): void {
  storage()?.setItem(TOAST_STORAGE_KEY, JSON.stringify({ ...toast, timestamp: now } satisfies StoredToast));
}

/** The stored toast if younger than 5 s; an older or unreadable entry is removed. */
export function readStoredToast(now: number = Date.now()): ToastMessage | null {
  const store = storage();
  const raw = store?.getItem(TOAST_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredToast>;
    const fresh = typeof parsed.timestamp === 'number' && now - parsed.timestamp >= 0 && now - parsed.timestamp < TOAST_REPLAY_MAX_AGE_MS;
    if (fresh && (parsed.type === 'success' || parsed.type === 'error') && typeof parsed.message === 'string') {
      return { type: parsed.type, message: parsed.message };
    }
  } catch {
    /* unreadable: dropped below */
  }
  store?.removeItem(TOAST_STORAGE_KEY);
  return null;
}

export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(() => readStoredToast());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!toast) return;
    timer.current = setTimeout(() => setToast(null), TOAST_AUTO_CLOSE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [toast]);

  const showToast = useCallback((type: ToastType, message: string) => {
    const next = { type, message };
    persistToast(next);
    setToast(next);
  }, []);
  const closeToast = useCallback(() => setToast(null), []);
  return { toast, showToast, closeToast };
}

export function Toast({ toast, onClose }: { toast: ToastMessage | null; onClose: () => void }) {
  if (!toast) return null;
  const success = toast.type === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      style={{
        position: 'fixed',
        top: 16,
        right: 16,
        zIndex: 1100,
        maxWidth: 420,
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '12px 16px',
        borderRadius: 8,
        color: '#fff',
        background: success ? '#237804' : '#a8071a',
        boxShadow: '0 6px 16px rgba(0,0,0,0.15)',
      }}
    >
      <span style={{ flex: 1 }}>{toast.message}</span>
      <button type="button" onClick={onClose} aria-label="Fermer la notification" style={{ background: 'transparent', border: 0, color: '#fff', cursor: 'pointer', fontSize: 16, lineHeight: 1 }}>
        ×
      </button>
    </div>
  );
}
