import { useEffect, useRef, useState } from 'react';
import { createAutosave, type Autosave, type AutosaveOptions, type AutosaveState } from '../../../lib/autosave';

/**
 * One autosave scheduler for the life of a step: its state for the indicator, and the scheduler itself
 * (for the step's watcher and the wizard's flush). Leaving the step (unmount) flushes what is still
 * waiting before stopping the timers. `save` and the options should not change while the step is on
 * screen: a change starts another scheduler.
 */
export function useAutosave<T>({ save, debounceMs, same, stored }: Omit<AutosaveOptions<T>, 'onState' | 'retryDelaysMs'>) {
  const autosaveRef = useRef<Autosave<T> | null>(null);
  const [state, setState] = useState<AutosaveState>({ status: 'saved', failures: 0 });

  useEffect(() => {
    const autosave = createAutosave<T>({ save, debounceMs, same, stored, onState: setState });
    autosaveRef.current = autosave;
    return () => {
      void autosave.flush().finally(() => autosave.dispose());
    };
  }, [save, debounceMs, same, stored]);

  return { autosaveRef, state };
}
