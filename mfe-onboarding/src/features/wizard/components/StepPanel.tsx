import { QueryState } from '@tablee/shared';
import { sameSectionValue, saveRefusal, sectionChanged, useSectionForm, useSectionValue, type FieldPath, type SectionLoad } from '@tablee/sections';
import type { FormInstance } from 'antd';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref, type RefObject } from 'react';
import type { StepController } from '../hooks/useFlushOnLeave';
import { useAutosave } from '../hooks/useAutosave';
import type { StepSection } from '../steps';
import { refusedFilledFields, withStoredFields, type Path } from '../../../lib/validateStep';
import { InvalidValueError, type Autosave } from '../../../lib/autosave';
import { SaveIndicator } from './SaveIndicator';

interface StepProps<T extends object> {
  step: StepSection<T>;
  restaurantId: string;
  controllerRef: Ref<StepController>;
  onBusyChange: (busy: boolean) => void;
}

/**
 * One step of the wizard: the section's query, form and save (useSectionForm, as in the edit tabs), its
 * shared form in the 'onboarding' context, and an autosave that observes the form (every change the
 * owner makes is saved, serialised, latest wins). What was typed stays on screen whatever the save does.
 */
export function StepPanel<T extends object>({ step, restaurantId, ...props }: StepProps<T>) {
  const section = useSectionForm(step.api, restaurantId);
  return <QueryState query={section.query}>{(load) => <LoadedStep step={step} restaurantId={restaurantId} load={load} section={section} {...props} />}</QueryState>;
}

function LoadedStep<T extends object>({
  step,
  restaurantId,
  controllerRef,
  onBusyChange,
  load,
  section: { form, save, onStored },
}: StepProps<T> & { load: SectionLoad<T>; section: ReturnType<typeof useSectionForm<T>> }) {
  const { Form: SectionForm } = step;
  // What the step started from: antd's initialValues, and what the autosave knows as stored (a proposal
  // shown while nothing is stored is saved as if the owner had typed it: the restaurant holds what the
  // step shows). A refresh in the background does not replace what is being typed.
  const [start] = useState(load);
  const { mutateAsync } = save;
  /** What the step's section holds in the database, field by field: where a refused field is put back. */
  const storedRef = useRef(start.value);
  /** Whether the section holds anything yet: set by a save at once, not when the section is read again. */
  const anyStoredRef = useRef(start.stored);
  /** The fields refused at the last check: still refused when the step saves once its form is gone (leaving). */
  const refusedRef = useRef<Path[]>([]);
  /** The field the database refused at the last save, if any. */
  const refusedByDatabaseRef = useRef<FieldPath | null>(null);
  const saveValue = useCallback(
    async (value: T) => {
      // A field the form refuses is not stored (it keeps its stored value, marked in red on screen);
      // the fields around it are: a cleared SIRET does not hold back the deposit typed after it.
      const mounted = form.getFieldsError().length > 0;
      const refused = mounted ? await refusedFilledFields(form) : refusedRef.current;
      refusedRef.current = refused;
      const storable = refused.length ? withStoredFields(value, storedRef.current, refused) : value;
      // Any field of the step's form (the name path of a refusal comes from the section's column map, not from T).
      const fields: FormInstance = form;
      try {
        await mutateAsync(storable);
      } catch (err) {
        // A value the database refuses: its message on its field, and no retry (the owner's next change is the next attempt).
        const refusal = saveRefusal(err, step.api);
        if (!refusal?.field) throw err;
        refusedByDatabaseRef.current = refusal.field;
        fields.setFields([{ name: [...refusal.field], errors: [refusal.message] }]);
        throw new InvalidValueError();
      }
      // Stored: the database's last refusal is over (a field without rules of its own would keep showing it).
      if (refusedByDatabaseRef.current) fields.setFields([{ name: [...refusedByDatabaseRef.current], errors: [] }]);
      refusedByDatabaseRef.current = null;
      storedRef.current = storable;
      anyStoredRef.current = true;
      // The step is not all saved: the indicator says which fields are left, and the next change saves again.
      if (refused.length) throw new InvalidValueError();
    },
    [form, mutateAsync, step.api],
  );
  // Rendered when the step starts, not at each save or change of the indicator (a whole form is costly to render again).
  const sectionForm = useMemo(
    () => <SectionForm context="onboarding" restaurantId={restaurantId} form={form} initialValue={start.value} onBusyChange={onBusyChange} onStored={onStored} />,
    [SectionForm, restaurantId, form, start.value, onBusyChange, onStored],
  );
  const { autosaveRef, state } = useAutosave({ save: saveValue, debounceMs: step.debounceMs, same: sameSectionValue, stored: start.stored ? start.value : undefined });

  useImperativeHandle(
    controllerRef,
    () => ({
      // A change made just before leaving may not have reached the watcher yet (Form.useWatch tells it a task later): read from the form.
      flush: () => {
        autosaveRef.current?.schedule(form.getFieldsValue(true));
        return autosaveRef.current?.flush() ?? Promise.resolve(true);
      },
      // From what the saves know, not from `load`: a save that has just landed is known at once, while the
      // section read again reaches this screen a render later (the wizard asks right after the save).
      hasUnsaved: () => !anyStoredRef.current || sectionChanged(form.getFieldsValue(true), storedRef.current) || (autosaveRef.current?.hasUnsaved() ?? false),
      onlyRefused: () => autosaveRef.current?.getState().status === 'invalid',
    }),
    [autosaveRef, form],
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <SaveIndicator state={state} onRetry={() => void autosaveRef.current?.flush()} />
      {sectionForm}
      <AutosaveWatch form={form} autosaveRef={autosaveRef} />
    </div>
  );
}

/** Observes the form (alone, so that only this renders on each change) and hands each value to the autosave. */
function AutosaveWatch<T extends object>({ form, autosaveRef }: { form: FormInstance<T>; autosaveRef: RefObject<Autosave<T> | null> }) {
  const value = useSectionValue(form);
  useEffect(() => {
    if (value !== undefined) autosaveRef.current?.schedule(value);
  }, [value, autosaveRef]);
  return null;
}
