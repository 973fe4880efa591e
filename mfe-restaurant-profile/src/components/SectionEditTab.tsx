/**
 * One edit tab (spec §2 'Edit screens'): the section form of @tablee/sections in 'edit'
 * context, loaded in one request, saved in one transaction by 'Enregistrer les modifications'
 * (enabled only with unsaved changes — or while nothing is stored yet — and no save running;
 * 'Sauvegarde...' while saving), the toast,
 * and a confirmation before leaving with unsaved changes.
 */
import { PageFrame, QueryState } from '@tablee/shared';
import { useSectionValue, sameSectionValue, type SectionApi, type SectionFormProps } from '@tablee/sections';
import { Alert, Button, type FormInstance } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSectionEditor } from '../hooks/useSectionEditor';

export interface SectionEditTabProps<T extends object> {
  title: string;
  api: SectionApi<T>;
  /**
   * Toasts of spec §8 (error defaults to SAVE_ERROR_MESSAGE), the load error (defaults to 'Erreur de
   * chargement') and the notice shown while nothing is stored yet (defaults to NOTHING_STORED_MESSAGE).
   */
  messages: { success: string; error?: string; loadError?: string; nothingStored?: string };
  renderForm: (props: SectionFormProps<T>) => ReactNode;
  submitLabel?: string;
}

/** Issue 18, 'stored as shown': a tab whose rows do not exist says that what it shows is only a proposal. */
export const NOTHING_STORED_MESSAGE = "Rien n'est encore enregistré ici : les valeurs affichées sont une proposition. Enregistrez-les pour que votre assistant les utilise.";

export function SectionEditTab<T extends object>(props: SectionEditTabProps<T>) {
  const { restaurantId = '' } = useParams();
  // Another restaurant is another form, started from its own data.
  return <SectionEditor key={restaurantId} restaurantId={restaurantId} {...props} />;
}

function SectionEditor<T extends object>({ title, api, messages, renderForm, submitLabel = 'Enregistrer les modifications', restaurantId }: SectionEditTabProps<T> & { restaurantId: string }) {
  const editor = useSectionEditor(restaurantId, api, messages);
  const { form, formStart, applyStored } = editor;
  // The form renders when it starts or is reset, not when a save starts or ends (a whole form is costly to render again).
  const sectionForm = useMemo(
    () => formStart !== undefined && renderForm({ context: 'edit', restaurantId, form, initialValue: formStart, onStored: applyStored }),
    [renderForm, restaurantId, form, formStart, applyStored],
  );

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
    await editor.save();
  };

  return (
    <PageFrame title={title}>
      <QueryState query={editor.query} errorMessage={messages.loadError ?? 'Erreur de chargement'}>
        {() =>
          editor.baseline !== undefined && (
            <>
              {!editor.stored && <Alert type="info" showIcon message={messages.nothingStored ?? NOTHING_STORED_MESSAGE} style={{ marginBottom: 16 }} />}
              {/* Editable while the save runs: what is typed meanwhile stays an unsaved change (useSectionEditor). */}
              {sectionForm}
              <DirtyWatch form={form} baseline={editor.baseline} onDirty={editor.setDirty} />
              {/* Sticky, so the long forms (hours, billing) can be saved without scrolling back down. */}
              <div style={{ position: 'sticky', bottom: 0, zIndex: 2, padding: '12px 0', background: '#fff', borderTop: '1px solid #f0f0f0' }}>
                {/* The save starts just after the click's dispatch (a microtask): React renders what changes
                    during a click synchronously, and antd re-renders every validated field when validation
                    ends; outside the dispatch those renders are scheduled as later tasks, so the request goes
                    out first and they overlap its wait. Not setTimeout: after an input the browser runs the
                    next frame before timers, which delayed the request by up to a frame. */}
                {/* Nothing stored yet: the proposal shown can be saved as it is. */}
                <Button type="primary" disabled={(!editor.dirty && editor.stored) || editor.saving} onClick={() => queueMicrotask(() => void submit())}>
                  {editor.saving ? 'Sauvegarde...' : submitLabel}
                </Button>
              </div>
            </>
          )
        }
      </QueryState>
      {editor.feedback}
    </PageFrame>
  );
}

/**
 * Observes the form (alone, so that only this renders on each change) and tells whether its value
 * differs from the baseline: typing back what was loaded is no change.
 */
function DirtyWatch<T extends object>({ form, baseline, onDirty }: { form: FormInstance<T>; baseline: T; onDirty: (dirty: boolean) => void }) {
  const value = useSectionValue(form);
  useEffect(() => {
    if (value !== undefined) onDirty(!sameSectionValue(value, baseline));
  }, [value, baseline, onDirty]);
  return null;
}
