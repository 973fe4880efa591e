import { QueryState } from '@tablee/shared';
import { sameSectionValue, sectionQueryKey, sectionQueryOptions, useSectionValue, type SectionLoad } from '@tablee/sections';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { StepController } from '../hooks/useFlushOnLeave';
import { useAutosave } from '../hooks/useAutosave';
import type { OnboardingStep } from '../steps';
import { validateFilledFields } from '../../../lib/validateStep';
import { SaveIndicator } from './SaveIndicator';

/**
 * One step of the wizard: the section's query, its shared form in the 'onboarding' context, and an
 * autosave that observes the form (every change the owner makes is saved, serialised, latest wins).
 * What was typed stays on screen whatever the save does.
 */
export function StepPanel<T extends object>({
  step,
  restaurantId,
  controllerRef,
  onBusyChange,
}: {
  step: OnboardingStep<T>;
  restaurantId: string;
  controllerRef: Ref<StepController>;
  onBusyChange: (busy: boolean) => void;
}) {
  const { api, Form: SectionForm } = step;
  const query = useQuery(sectionQueryOptions(api, restaurantId));
  const queryClient = useQueryClient();
  const [form] = Form.useForm<T>();
  // The value the form starts from: the first data (a refresh in the background does not replace what is being typed).
  const [initialValue, setInitialValue] = useState<T>();
  /** The last value handed to the autosave (or loaded): a change is a value that differs from it. */
  const lastGiven = useRef<T>(undefined);

  const save = useCallback(
    async (value: T) => {
      // What the form refuses is not stored, and the indicator does not say it is.
      await validateFilledFields(form);
      await api.save(restaurantId, value);
      queryClient.setQueryData<SectionLoad<T>>(sectionQueryKey(api, restaurantId), { value, stored: true });
    },
    [api, restaurantId, queryClient, form],
  );
  const { autosaveRef, state } = useAutosave(save, step.debounceMs);

  const observe = useCallback(
    (value: T) => {
      if (lastGiven.current !== undefined && sameSectionValue(value, lastGiven.current)) return;
      lastGiven.current = value;
      autosaveRef.current?.schedule(value);
    },
    [autosaveRef],
  );

  useEffect(() => {
    if (initialValue !== undefined || query.data === undefined) return;
    const loaded = query.data.value;
    setInitialValue(loaded);
    lastGiven.current = loaded;
    // A proposal shown while nothing is stored (a restaurant from before defaults were stored at
    // creation) is saved as if the owner had typed it: the restaurant holds what the step shows.
    if (!query.data.stored) autosaveRef.current?.schedule(loaded);
  }, [initialValue, query.data, autosaveRef]);

  useImperativeHandle(
    controllerRef,
    () => ({
      // The form's watchers are told in a later task: a change made just before leaving is read from the form itself.
      flush: () => {
        if (initialValue !== undefined) observe(form.getFieldsValue(true));
        return autosaveRef.current?.flush() ?? Promise.resolve(true);
      },
      hasUnsaved: () => (initialValue !== undefined && !sameSectionValue(form.getFieldsValue(true), lastGiven.current)) || (autosaveRef.current?.hasUnsaved() ?? false),
    }),
    [autosaveRef, form, initialValue, observe],
  );

  return (
    <QueryState query={query}>
      {() =>
        initialValue !== undefined && (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <SaveIndicator state={state} onRetry={() => void autosaveRef.current?.flush()} />
            <SectionForm context="onboarding" restaurantId={restaurantId} form={form} initialValue={initialValue} onBusyChange={onBusyChange} />
            <AutosaveWatch form={form} onChange={observe} />
          </div>
        )
      }
    </QueryState>
  );
}

/** Observes the form (alone, so that only this renders on each change) and hands each value to the autosave. */
function AutosaveWatch<T extends object>({ form, onChange }: { form: FormInstance<T>; onChange: (value: T) => void }) {
  const value = useSectionValue(form);
  useEffect(() => {
    if (value !== undefined) onChange(value);
  }, [value, onChange]);
  return null;
}
