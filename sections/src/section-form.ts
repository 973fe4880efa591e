/**
 * One section on screen, the same for an edit tab (mfe-restaurant-profile) and an onboarding step
 * (mfe-onboarding): its query, the antd form that owns what the owner types, and its save, a
 * mutation whose isPending is 'saving'. What the form holds unsaved comes from the form itself: its
 * value against the section's data in the query cache, which a save replaces with what it stored.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useCallback } from 'react';
import type { SectionApi, SectionLoad } from './contract';
import { sameSectionValue, useSectionValue } from './form-kit';
import { sectionQueryKey, sectionQueryOptions, useSaveSection } from './queries';

export function useSectionForm<T extends object>(api: SectionApi<T>, restaurantId: string) {
  const query = useQuery(sectionQueryOptions(api, restaurantId));
  const save = useSaveSection(api, restaurantId);
  const [form] = Form.useForm<T>();
  const queryClient = useQueryClient();
  /** For SectionFormProps.onStored: what the form stored itself (a photo uploaded) is the section's data too. */
  const onStored = useCallback(
    (update: (saved: T) => T) =>
      queryClient.setQueryData<SectionLoad<T>>(sectionQueryKey(api, restaurantId), (loaded) => (loaded === undefined ? loaded : { ...loaded, value: update(loaded.value) })),
    [queryClient, api, restaurantId],
  );
  return { query, form, save, onStored };
}

/** The form's value differs from the loaded one (typing back what was loaded is no change). */
export const sectionChanged = <T>(value: T | undefined, loaded: T) => value !== undefined && !sameSectionValue(value, loaded);

/**
 * sectionChanged of the form's value as the owner changes it (Form.useWatch, told a task after the
 * change). Call it in a small component of its own: that component renders again on each change.
 */
export function useSectionChanged<T extends object>(form: FormInstance<T>, loaded: T): boolean {
  return sectionChanged(useSectionValue(form), loaded);
}
