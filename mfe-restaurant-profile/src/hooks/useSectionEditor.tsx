/**
 * The edit tab's side of a section (mfe-restaurant-profile): the section's query (shown at once from
 * the cache when seen before, refreshed in the background), the antd form that owns the owner's edits,
 * a save on demand with a toast (the saved value becomes the query's data), and a question before
 * leaving with unsaved changes. A failed save keeps what the owner typed on screen.
 */
import { Toast, useToast } from '@tablee/shared';
import { sameSectionValue, SAVE_ERROR_MESSAGE, sectionQueryKey, sectionQueryOptions, useSaveSection, type SectionApi, type SectionLoad } from '@tablee/sections';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Form, Modal, type FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

export interface SectionEditor<T extends object> {
  query: UseQueryResult<SectionLoad<T>>;
  /**
   * False while the section's rows do not exist (SectionLoad.stored): what the form shows is a proposal,
   * to be saved even without a change. True again once saved.
   */
  stored: boolean;
  /** The antd form that owns the value on screen. */
  form: FormInstance<T>;
  /** The last value loaded or saved, which 'unsaved changes' compares with (undefined until loaded). */
  baseline: T | undefined;
  /** What the form was started (or last reset) from: its antd initialValues. */
  formStart: T | undefined;
  /** Part of the value was stored by the form itself (SectionFormProps.onStored): move the baseline. */
  applyStored: (update: (saved: T) => T) => void;
  /** The form's value differs from the baseline (set by <DirtyWatch>). */
  dirty: boolean;
  setDirty: (dirty: boolean) => void;
  saving: boolean;
  /** Saves the form's value; resolves true when stored. Call after the form validated. */
  save: () => Promise<boolean>;
  /** Toast and confirmation dialog: render once in the page. */
  feedback: ReactNode;
}

export const UNSAVED_CHANGES_TITLE = 'Modifications non enregistrées';
export const UNSAVED_CHANGES_MESSAGE = 'Vous avez des modifications non enregistrées. Quitter cette page sans les enregistrer ?';

export function useSectionEditor<T extends object>(restaurantId: string, api: SectionApi<T>, messages: { success: string; error?: string }): SectionEditor<T> {
  const query = useQuery(sectionQueryOptions(api, restaurantId));
  const saveSection = useSaveSection(api, restaurantId);
  const [form] = Form.useForm<T>();
  // `start`: what the form was given; `reset`: the form must take it (new data from the server), not only compare with it (a save).
  const [baseline, setBaseline] = useState<{ value: T; start: T; reset: boolean }>();
  const [dirty, setDirty] = useState(false);
  // Held here rather than read from the mutation's isPending: the mutation tells its observers a task
  // later (TanStack's notifyManager), so 'saved' and 'clean' would come in separate renders; set
  // together with the new baseline, the button is back in the same render as the toast.
  const [saving, setSaving] = useState(false);
  const { toast, showToast, closeToast } = useToast();
  const [modal, modalHolder] = Modal.useModal();

  // The data of the query (first load, or a background refresh) is what the form shows, unless the owner has unsaved changes.
  const data = query.data?.value;
  useEffect(() => {
    if (data === undefined || dirty) return;
    setBaseline((current) => (current && sameSectionValue(current.value, data) ? current : { value: data, start: data, reset: current !== undefined }));
  }, [data, dirty]);
  useEffect(() => {
    if (baseline?.reset) form.resetFields();
  }, [baseline, form]);

  // Also a ref: two clicks in a row both start before 'saving' reaches a render.
  const running = useRef(false);
  const save = useCallback(async () => {
    if (running.current) return false;
    running.current = true;
    const value = form.getFieldsValue(true);
    setSaving(true);
    try {
      await saveSection.mutateAsync(value);
      setBaseline((current) => current && { ...current, value, reset: false });
      // The form stays editable while saving: what was typed meanwhile is still unsaved.
      setDirty(!sameSectionValue(form.getFieldsValue(true), value));
      showToast('success', messages.success);
      return true;
    } catch (err) {
      console.error(err);
      showToast('error', messages.error ?? SAVE_ERROR_MESSAGE);
      return false;
    } finally {
      running.current = false;
      setSaving(false);
    }
  }, [form, saveSection, showToast, messages.success, messages.error]);

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

  const queryClient = useQueryClient();
  const applyStored = useCallback(
    (update: (saved: T) => T) => {
      setBaseline((current) => current && { ...current, value: update(current.value), reset: false });
      // What is stored is the section's data too (a photo uploaded shows when the tab is seen again).
      queryClient.setQueryData<SectionLoad<T>>(sectionQueryKey(api, restaurantId), (loaded) => (loaded === undefined ? loaded : { ...loaded, value: update(loaded.value) }));
    },
    [queryClient, api, restaurantId],
  );

  return { query, stored: query.data?.stored ?? true, form, baseline: baseline?.value ?? data, formStart: baseline?.start ?? data, applyStored, dirty, setDirty, saving, save, feedback };
}
