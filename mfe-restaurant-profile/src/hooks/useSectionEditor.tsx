/**
 * The edit tab's side of a section (mfe-restaurant-profile): load once, keep the owner's edits,
 * save on demand with a toast, and ask before leaving with unsaved changes. A failed save keeps
 * what the owner typed on screen.
 */
import { Modal } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Toast, useLoad, useToast, type LoadStatus } from '@tablee/shared';
import { SAVE_ERROR_MESSAGE, type SectionApi } from '@tablee/shared/sections';

export type EditorStatus = LoadStatus;

export interface SectionEditor<T> {
  status: EditorStatus;
  /** The value on screen (undefined until loaded). */
  value: T | undefined;
  setValue: (next: T) => void;
  /** Part of the value was stored by the form itself (SectionFormProps.onStored): move the saved baseline. */
  applyStored: (update: (saved: T) => T) => void;
  /** The value differs from what was last loaded or saved. */
  dirty: boolean;
  saving: boolean;
  /** Saves the value on screen; resolves true when stored. Call after the form validated. */
  save: () => Promise<boolean>;
  reload: () => void;
  /** Toast and confirmation dialog: render once in the page. */
  feedback: ReactNode;
}

export const UNSAVED_CHANGES_TITLE = 'Modifications non enregistrées';
export const UNSAVED_CHANGES_MESSAGE = 'Vous avez des modifications non enregistrées. Quitter cette page sans les enregistrer ?';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useSectionEditor<T>(restaurantId: string, api: SectionApi<T>, messages: { success: string; error?: string }): SectionEditor<T> {
  const [value, setValueState] = useState<T>();
  const [saved, setSaved] = useState<T>();
  const [saving, setSaving] = useState(false);
  const { toast, showToast, closeToast } = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const apiRef = useRef(api);
  apiRef.current = api;

  const { status, reload } = useLoad(restaurantId, () => apiRef.current.load(restaurantId), (loaded) => {
    setValueState(loaded);
    setSaved(loaded);
  });

  const dirty = status === 'ready' && !same(value, saved);

  const save = useCallback(async () => {
    if (value === undefined || saving) return false;
    setSaving(true);
    try {
      await apiRef.current.save(restaurantId, value);
      setSaved(value);
      showToast('success', messages.success);
      return true;
    } catch (err) {
      console.error(err);
      showToast('error', messages.error ?? SAVE_ERROR_MESSAGE);
      return false;
    } finally {
      setSaving(false);
    }
  }, [value, saving, restaurantId, showToast, messages.success, messages.error]);

  // Leaving for another route with unsaved changes asks first; closing the tab uses the browser's own prompt.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: UNSAVED_CHANGES_TITLE,
      content: UNSAVED_CHANGES_MESSAGE,
      okText: 'Quitter sans enregistrer',
      cancelText: 'Rester sur la page',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const feedback = useMemo(
    () => (
      <>
        <Toast toast={toast} onClose={closeToast} />
        {modalHolder}
      </>
    ),
    [toast, closeToast, modalHolder],
  );

  const applyStored = useCallback((update: (saved: T) => T) => setSaved((current) => (current === undefined ? current : update(current))), []);

  return { status, value, setValue: setValueState, applyStored, dirty, saving, save, reload, feedback };
}
