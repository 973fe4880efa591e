/**
 * One edit tab (spec §2 'Edit screens'): the section form of @tablee/shared/sections in 'edit'
 * context, loaded in one request, saved in one transaction by 'Enregistrer les modifications'
 * (enabled only with unsaved changes and no save running; 'Sauvegarde...' while saving), the toast,
 * and a confirmation before leaving with unsaved changes.
 */
import { PageError, PageFrame, PageLoading } from '@tablee/shared';
import type { SectionApi, SectionFormProps } from '@tablee/shared/sections';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSectionEditor } from '../hooks/useSectionEditor';

export interface SectionEditTabProps<T> {
  title: string;
  api: SectionApi<T>;
  /** Toasts of spec §8 (error defaults to SAVE_ERROR_MESSAGE) and the load error (defaults to 'Erreur de chargement'). */
  messages: { success: string; error?: string; loadError?: string };
  renderForm: (props: SectionFormProps<T>) => ReactNode;
  submitLabel?: string;
}

export function SectionEditTab<T>({ title, api, messages, renderForm, submitLabel = 'Enregistrer les modifications' }: SectionEditTabProps<T>) {
  const { restaurantId = '' } = useParams();
  const editor = useSectionEditor(restaurantId, api, messages);
  const [form] = Form.useForm();

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (err) {
      // The form shows its messages next to the fields; bring the first one into view.
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    await editor.save();
  };

  return (
    <PageFrame title={title}>
      {editor.status === 'loading' && <PageLoading />}
      {editor.status === 'error' && <PageError message={messages.loadError ?? 'Erreur de chargement'} onRetry={editor.reload} />}
      {editor.status === 'ready' && editor.value !== undefined && (
        <>
          {renderForm({ context: 'edit', restaurantId, value: editor.value, onChange: editor.setValue, onStored: editor.applyStored, disabled: editor.saving, form })}
          {/* Sticky, so the long forms (hours, billing) can be saved without scrolling back down. */}
          <div style={{ position: 'sticky', bottom: 0, zIndex: 2, padding: '12px 0', background: '#fff', borderTop: '1px solid #f0f0f0' }}>
            <Button type="primary" disabled={!editor.dirty || editor.saving} onClick={() => void submit()}>
              {editor.saving ? 'Sauvegarde...' : submitLabel}
            </Button>
          </div>
        </>
      )}
      {editor.feedback}
    </PageFrame>
  );
}
