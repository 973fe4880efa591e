/**
 * One edit tab (spec §2 'Edit screens'): the section form of @tablee/sections in 'edit'
 * context, loaded in one request, saved in one transaction by 'Enregistrer les modifications'
 * (enabled only with unsaved changes — or while nothing is stored yet — and no save running;
 * 'Sauvegarde...' while saving), the toast, and a confirmation before leaving with unsaved changes.
 * The section's query, form and save are useSectionForm's, as in the onboarding's steps.
 */
import { PageFrame, persistToast, QueryState, Toast, TOAST_AUTO_CLOSE_MS, useToast } from '@tablee/shared';
import { SAVE_ERROR_MESSAGE, sameSectionValue, saveRefusal, sectionQueryKey, useSectionChanged, useSectionForm, type SectionApi, type SectionFormProps, type SectionLoad } from '@tablee/sections';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, type FormInstance } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useBlocker, useParams } from 'react-router';

export interface SectionEditTabProps<T extends object> {
  title: string;
  api: SectionApi<T>;
  /**
   * Toasts of spec §8 (error defaults to SAVE_ERROR_MESSAGE; a value the database refuses shows the
   * database's own message instead, on its field too), the load error (defaults to 'Erreur de
   * chargement') and the notice shown while nothing is stored yet (defaults to NOTHING_STORED_MESSAGE).
   */
  messages: { success: string; error?: string; loadError?: string; nothingStored?: string };
  renderForm: (props: SectionFormProps<T>) => ReactNode;
  submitLabel?: string;
  /** Below the form: a part of the tab stored on its own, not by 'Enregistrer' (Horaires' closures). */
  after?: ReactNode;
}

/** Stored as shown: a tab whose rows do not exist says that what it shows is only a proposal. */
export const NOTHING_STORED_MESSAGE = "Rien n'est encore enregistré ici : les valeurs affichées sont une proposition. Enregistrez-les pour que votre assistant les utilise.";
export const UNSAVED_CHANGES_TITLE = 'Modifications non enregistrées';
export const UNSAVED_CHANGES_MESSAGE = 'Vous avez des modifications non enregistrées. Quitter cette page sans les enregistrer ?';

export function SectionEditTab<T extends object>(props: SectionEditTabProps<T>) {
  const { restaurantId = '' } = useParams();
  // Another restaurant is another form, started from its own data.
  return <SectionEditor key={restaurantId} restaurantId={restaurantId} {...props} />;
}

type SectionSave<T extends object> = ReturnType<typeof useSectionForm<T>>['save'];

function SectionEditor<T extends object>({
  title,
  api,
  messages,
  renderForm,
  submitLabel = 'Enregistrer les modifications',
  after,
  restaurantId,
}: SectionEditTabProps<T> & { restaurantId: string }) {
  const { query, form, save, onStored } = useSectionForm(api, restaurantId);
  const queryClient = useQueryClient();
  const errorMessage = messages.error ?? SAVE_ERROR_MESSAGE;

  const submit = async () => {
    // Checked quietly first: a full validateFields renders every field twice (validating, then done),
    // which on a long form costs more than the save itself; only a refused value, or messages on screen
    // to clear, takes the full way.
    const quietlyValid = await form.validateFields({ validateOnly: true }).then(
      () => true,
      () => false,
    );
    if (!quietlyValid || form.getFieldsError().some((field) => field.errors.length > 0)) {
      try {
        await form.validateFields();
      } catch (err) {
        // The form shows its messages next to the fields; bring the first one into view.
        const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
        return;
      }
    }
    // A second click before the button shows the first save: the mutation cache already holds that save.
    if (queryClient.isMutating({ mutationKey: sectionQueryKey(api, restaurantId) }) > 0) return;
    // The form stays editable while saving: what is typed meanwhile stays an unsaved change.
    save.mutate(form.getFieldsValue(true), {
      onSuccess: () => persistToast({ type: 'success', message: messages.success }),
      onError: (err) => {
        // A value the database refused: its own message, on its field when the section has it; else the page's.
        const refusal = saveRefusal(err, api);
        if (refusal?.field) {
          // Any field of the section's form (its name path comes from the section's column map, not from T).
          const fields: FormInstance = form;
          fields.setFields([{ name: [...refusal.field], errors: [refusal.message] }]);
          fields.scrollToField([...refusal.field], { block: 'center' });
        }
        if (!refusal) console.error(err);
        persistToast({ type: 'error', message: refusal?.message ?? errorMessage });
      },
    });
  };

  return (
    <PageFrame title={title}>
      <QueryState query={query} errorMessage={messages.loadError ?? 'Erreur de chargement'}>
        {(load) => (
          <LoadedSection load={load} form={form} renderForm={renderForm} restaurantId={restaurantId} onStored={onStored} nothingStored={messages.nothingStored}>
            <SaveBar form={form} load={load} saving={save.isPending} label={submitLabel} onSave={() => void submit()} />
          </LoadedSection>
        )}
      </QueryState>
      {after}
      <SaveToast save={save} success={messages.success} error={saveRefusal(save.error, api)?.message ?? errorMessage} />
    </PageFrame>
  );
}

/** The form, started from what was loaded first, and the notice while nothing is stored. */
function LoadedSection<T extends object>({
  load,
  form,
  renderForm,
  restaurantId,
  onStored,
  nothingStored,
  children,
}: {
  load: SectionLoad<T>;
  form: FormInstance<T>;
  renderForm: (props: SectionFormProps<T>) => ReactNode;
  restaurantId: string;
  onStored: (update: (saved: T) => T) => void;
  nothingStored?: string;
  children: ReactNode;
}) {
  // antd reads initialValues when the form mounts: later data (a save, a refresh) does not start it again.
  const [initialValue] = useState(load.value);
  // Rendered when it starts, not when a save starts or ends (a whole form is costly to render again).
  const sectionForm = useMemo(() => renderForm({ context: 'edit', restaurantId, form, initialValue, onStored }), [renderForm, restaurantId, form, initialValue, onStored]);

  // A refresh in the background (a tab seen before, read again) shows on a form the owner has not touched.
  useEffect(() => {
    if (!form.isFieldsTouched() && !sameSectionValue(form.getFieldsValue(true), load.value)) form.setFieldsValue(load.value);
  }, [form, load.value]);

  return (
    <>
      {!load.stored && <Alert type="info" showIcon message={nothingStored ?? NOTHING_STORED_MESSAGE} style={{ marginBottom: 16 }} />}
      {/* Editable while the save runs: what is typed meanwhile stays an unsaved change. */}
      {sectionForm}
      {children}
    </>
  );
}

/**
 * The save button (sticky, so the long forms can be saved without scrolling back down) and the
 * question before leaving with unsaved changes. Alone, so that only this renders as the owner types.
 */
function SaveBar<T extends object>({ form, load, saving, label, onSave }: { form: FormInstance<T>; load: SectionLoad<T>; saving: boolean; label: string; onSave: () => void }) {
  const changed = useSectionChanged(form, load.value);
  return (
    <div style={{ position: 'sticky', bottom: 0, zIndex: 2, padding: '12px 0', background: '#fff', borderTop: '1px solid #f0f0f0' }}>
      <LeaveGuard when={changed} />
      {/* Nothing stored yet: the proposal shown can be saved as it is. */}
      <Button type="primary" disabled={(!changed && load.stored) || saving} onClick={onSave}>
        {saving ? 'Sauvegarde...' : label}
      </Button>
    </div>
  );
}

/** Leaving for another route with unsaved changes asks first; closing the tab uses the browser's own prompt. */
function LeaveGuard({ when }: { when: boolean }) {
  const [modal, modalHolder] = Modal.useModal();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
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
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return modalHolder;
}

/**
 * The toast of spec §2 for the last save, read from the mutation, so that it shows in the same render
 * as the button back to its label; closed after 4 s or by the owner. Stored too (persistToast, at the
 * save's end), so that a reload within 5 s shows it again (useToast).
 */
function SaveToast<T extends object>({ save, success, error }: { save: SectionSave<T>; success: string; error: string }) {
  const replayed = useToast();
  const { isSuccess, isError, submittedAt, reset } = save;
  const settled = isSuccess || isError;
  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(reset, TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [settled, submittedAt, reset]);
  if (!settled) return <Toast toast={replayed.toast} onClose={replayed.closeToast} />;
  return <Toast toast={{ type: isSuccess ? 'success' : 'error', message: isSuccess ? success : error }} onClose={reset} />;
}
