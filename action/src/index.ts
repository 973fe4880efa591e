/**
 * @tablee/action — `useAction`, the shape of TanStack Query's `useMutation` (mutate, isPending,
 * isSuccess, isError, data, error, reset) for the pages that load without TanStack Query: the sign-in,
 * sign-up and recovery pages (/signin ≤ 250 KB of gzip JavaScript) and the one-click link page
 * (≤ 120 KB, React and the kernel's core only). TanStack Query is not a choice there: it is the
 * application's library, loaded after them. Every other screen uses `useMutation` itself.
 * React only, like the pages it serves: no antd, no supabase-js. Bundled at build time by each module
 * that uses it (the shell, mfe-public-links), not shared at run time: it changes with the pages it serves,
 * and a `once` call is a call of the module that made it.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';

export type ActionStatus = 'idle' | 'pending' | 'success' | 'error';

export interface ActionState<TData> {
  status: ActionStatus;
  data: TData | undefined;
  error: Error | null;
}

/** Told once, when the call they were given with ends (also if the page has moved on meanwhile). */
export interface ActionCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

export interface Action<TData, TVariables> extends ActionState<TData> {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  mutate: (variables: TVariables, callbacks?: ActionCallbacks<TData, TVariables>) => void;
  /** Back to idle (a `once` call stays done: calling again shows it, it does not run it again). */
  reset: () => void;
}

const IDLE: ActionState<never> = { status: 'idle', data: undefined, error: null };
const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));

/** One call of an action: its state, and the components that show it. */
class Call<TData> {
  state: ActionState<TData> = { status: 'pending', data: undefined, error: null };
  private readonly listeners = new Set<() => void>();

  constructor(run: () => Promise<TData>, onSuccess: (data: TData) => void, onError: (error: Error) => void) {
    // A synchronous throw of `run` is a failure of the call too.
    new Promise<TData>((resolve) => resolve(run())).then(
      (data) => this.settle({ status: 'success', data, error: null }, () => onSuccess(data)),
      (reason: unknown) => {
        const error = asError(reason);
        this.settle({ status: 'error', data: undefined, error }, () => onError(error));
      },
    );
  }

  private settle(state: ActionState<TData>, callback: () => void) {
    this.state = state;
    try {
      callback();
    } finally {
      this.listeners.forEach((listener) => listener());
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;
}

function start<TData, TVariables>(action: (variables: TVariables) => Promise<TData>, variables: TVariables, callbacks: ActionCallbacks<TData, TVariables> = {}) {
  return new Call(
    () => action(variables),
    (data) => callbacks.onSuccess?.(data, variables),
    (error) => callbacks.onError?.(error, variables),
  );
}

/** The calls made once for the life of the page, by key. */
const onceCalls = new Map<string, Call<unknown>>();

/**
 * Runs `action` once for the life of the page under `key`: a second call with the same key (React's
 * strict mode running an effect twice, the page mounted again, the page's module beginning it before
 * React renders) finds the first one instead of running again. For a write that must not be repeated,
 * such as opening a one-click link or a single-use e-mail link. A reload runs it again, as it should.
 */
export function runOnce<TData, TVariables>(key: string, action: (variables: TVariables) => Promise<TData>, variables: TVariables, callbacks?: ActionCallbacks<TData, TVariables>): void {
  if (!onceCalls.has(key)) onceCalls.set(key, start(action, variables, callbacks));
}

const idleSubscribe = () => () => undefined;
const idleState = () => IDLE;

/**
 * A write of a light page, as `useMutation` gives it elsewhere: `mutate` starts a call, the component
 * shows the latest one. With `once`, the call is the page's one call of that key (see runOnce): `mutate`
 * starts it unless it exists, and a component mounted later shows it from its first render.
 * `action` should be a module-level function (a feature's fetcher): `mutate` changes with it.
 */
export function useAction<TData, TVariables = void>(action: (variables: TVariables) => Promise<TData>, options: { once?: string } = {}): Action<TData, TVariables> {
  const { once } = options;
  const [call, setCall] = useState<Call<TData> | null>(() => (once ? ((onceCalls.get(once) as Call<TData> | undefined) ?? null) : null));
  const state = useSyncExternalStore(call?.subscribe ?? idleSubscribe, call?.getState ?? idleState);

  const mutate = useCallback(
    (variables: TVariables, callbacks?: ActionCallbacks<TData, TVariables>) => {
      if (once) {
        runOnce(once, action, variables, callbacks);
        setCall(onceCalls.get(once) as Call<TData>);
      } else {
        setCall(start(action, variables, callbacks));
      }
    },
    [action, once],
  );
  const reset = useCallback(() => setCall(null), []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    reset,
  };
}
