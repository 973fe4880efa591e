import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createAutosave, type Autosave, type AutosaveState } from '../../../lib/autosave';

/**
 * One autosave scheduler for the life of a step: its state for the indicator, and the scheduler itself.
 * Leaving the step (unmount) flushes what is still waiting before stopping the timers.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, debounceMs: number) {
  // The latest save, kept after each commit: the scheduler calls it from timers and from handlers' flush.
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  });
  const autosaveRef = useRef<Autosave<T> | null>(null);
  const [state, setState] = useState<AutosaveState>({ status: 'saved', failures: 0 });

  useEffect(() => {
    const autosave = createAutosave<T>({ save: (value) => saveRef.current(value), debounceMs, onState: setState });
    autosaveRef.current = autosave;
    return () => {
      void autosave.flush().finally(() => autosave.dispose());
    };
  }, [debounceMs]);

  return { autosaveRef, state };
}
