import { PageError, PageLoading } from '@tablee/shared';
import { Form } from 'antd';
import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { StepController } from '../hooks/useFlushOnLeave';
import { useAutosave } from '../hooks/useAutosave';
import type { OnboardingStep } from '../steps';
import { SaveIndicator } from './SaveIndicator';

type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };

/**
 * One step of the wizard: loads the section, shows its shared form in the 'onboarding' context, and
 * autosaves every change the owner makes. What was typed stays on screen whatever the save does.
 */
export function StepPanel<T>({
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
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [form] = Form.useForm();
  const { api, Form: SectionForm, isUnsavedDefault } = step;
  const save = useCallback((value: T) => api.save(restaurantId, value), [api, restaurantId]);
  const { autosaveRef, state } = useAutosave(save, step.debounceMs);

  const fetchSection = useCallback(() => {
    setLoad({ state: 'loading' });
    let current = true;
    api
      .load(restaurantId)
      .then((value) => {
        if (!current) return;
        setLoad({ state: 'ready', value });
        if (isUnsavedDefault?.(value)) autosaveRef.current?.schedule(value);
      })
      .catch((error) => {
        console.error('Chargement de l’étape impossible', error);
        if (current) setLoad({ state: 'error' });
      });
    return () => {
      current = false;
    };
  }, [api, restaurantId, isUnsavedDefault, autosaveRef]);
  useEffect(fetchSection, [fetchSection]);

  useImperativeHandle(
    controllerRef,
    () => ({
      flush: () => autosaveRef.current?.flush() ?? Promise.resolve(true),
      hasUnsaved: () => autosaveRef.current?.hasUnsaved() ?? false,
    }),
    [autosaveRef],
  );

  if (load.state === 'loading') return <PageLoading />;
  if (load.state === 'error') return <PageError message="Erreur de chargement" onRetry={fetchSection} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <SaveIndicator state={state} onRetry={() => void autosaveRef.current?.flush()} />
      <SectionForm
        context="onboarding"
        restaurantId={restaurantId}
        value={load.value}
        form={form}
        onBusyChange={onBusyChange}
        onChange={(next) => {
          setLoad({ state: 'ready', value: next });
          autosaveRef.current?.schedule(next);
        }}
      />
    </div>
  );
}
