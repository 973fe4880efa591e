/**
 * The onboarding's autosave scheduler: plain TypeScript, no React, so its rules are tested on their own
 * with fake timers. One scheduler per step (section). Rules:
 * - debounce: a save starts `debounceMs` after the last change;
 * - serialised: never two saves of the section in flight; changes made during a save are saved right
 *   after it with the latest value, so an older save can never land after a newer one;
 * - latest wins: only the last value given is ever saved next (intermediate values are skipped);
 * - flush: saves now whatever is waiting and resolves once everything is stored (true) or failed (false);
 * - a failed save is retried with backoff (RETRY_DELAYS_MS, the last delay repeating) and reported
 *   through the 'error' status; the value stays the caller's, nothing is dropped;
 * - a value the save refuses as invalid (InvalidValueError) is not retried: the status is 'invalid'
 *   until the next change, and it counts as unsaved;
 * - with `same`, a value the same as the last one given (or as `stored`) is no change: nothing is
 *   scheduled, and a debounce under way is not restarted.
 */

export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'invalid';

/** Thrown by a save that refuses its value before storing anything (fields to correct on screen). */
export class InvalidValueError extends Error {
  constructor() {
    super('Valeurs invalides : rien n’a été enregistré');
    this.name = 'InvalidValueError';
  }
}

export interface AutosaveState {
  status: AutosaveStatus;
  /** Consecutive failed attempts (0 unless status is 'error'). */
  failures: number;
  lastError?: unknown;
}

export interface AutosaveOptions<T> {
  save: (value: T) => Promise<void>;
  debounceMs: number;
  /** Delays before each retry after a failure; the last one repeats. */
  retryDelaysMs?: readonly number[];
  onState?: (state: AutosaveState) => void;
  /** Whether two values hold the same data (a form's watcher may hand the same value again). */
  same?: (a: T, b: T) => boolean;
  /** What is stored already, if anything: handed that value, there is nothing to save. */
  stored?: T;
}

export interface Autosave<T> {
  /** A new value from the owner: saved after the debounce (or at the next flush). */
  schedule(value: T): void;
  /** Saves what is waiting now; true once everything given so far is stored, false if a save failed. */
  flush(): Promise<boolean>;
  /** True while something given is not stored yet (waiting, saving or failed). */
  hasUnsaved(): boolean;
  getState(): AutosaveState;
  /** Stops the timers (a save already running still completes). */
  dispose(): void;
}

export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10000, 30000] as const;

export function createAutosave<T>({ save, debounceMs, retryDelaysMs = RETRY_DELAYS_MS, onState, same, stored }: AutosaveOptions<T>): Autosave<T> {
  /** The last value given (saved, waiting or failed), else what is stored. */
  let latest: T | undefined = stored;
  /** The latest value has not been handed to a save yet. */
  let dirty = false;
  let running: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let state: AutosaveState = { status: 'saved', failures: 0 };
  let disposed = false;

  const setState = (next: AutosaveState) => {
    state = next;
    onState?.(next);
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const startTimer = (ms: number) => {
    clearTimer();
    if (!disposed) timer = setTimeout(() => void run(), ms);
  };

  /** Saves until nothing is dirty; stops at the first failure (and plans a retry). One loop at a time. */
  const run = (): Promise<boolean> => {
    clearTimer();
    if (running) return running;
    running = (async () => {
      while (dirty) {
        const value = latest as T;
        dirty = false;
        setState({ status: 'saving', failures: state.failures, lastError: state.lastError });
        try {
          await save(value);
          state = { status: 'saving', failures: 0 };
        } catch (error) {
          // The value failed: it is the one to save again, unless a newer one has arrived meanwhile.
          dirty = true;
          if (error instanceof InvalidValueError) {
            // Saving it again cannot help: the owner's next change is the next attempt.
            setState({ status: 'invalid', failures: 0, lastError: error });
            return false;
          }
          const failures = state.failures + 1;
          setState({ status: 'error', failures, lastError: error });
          startTimer(retryDelaysMs[Math.min(failures, retryDelaysMs.length) - 1]);
          return false;
        }
      }
      setState({ status: 'saved', failures: 0 });
      return true;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    schedule(value) {
      if (same && latest !== undefined && same(value, latest)) return;
      latest = value;
      dirty = true;
      // While a save runs, the loop picks the new value up when it ends; the status stays 'saving'.
      if (!running && state.status !== 'error') setState({ status: 'pending', failures: 0 });
      startTimer(debounceMs);
    },
    async flush() {
      // A running save first, then (if the owner changed something meanwhile) the latest value.
      if (running) await running;
      return dirty ? run() : state.status !== 'error';
    },
    hasUnsaved: () => dirty || running !== null,
    getState: () => state,
    dispose() {
      disposed = true;
      clearTimer();
    },
  };
}
