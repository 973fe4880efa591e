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
    } catch {
      return; // the form shows its messages next to the fields
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
          <div>
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
