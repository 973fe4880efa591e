/** useAction: useMutation's shape for the light pages, and its calls made once per page. */
import { act, render, renderHook, screen } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { runOnce, useAction, type ActionState } from '../../src';

/** A call the test ends by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Shown({ action }: { action: ActionState<string> }) {
  return <output>{action.status === 'success' ? `success ${action.data}` : action.status === 'error' ? `error ${action.error?.message}` : action.status}</output>;
}

it('mutate: pending, then the data, or the error; reset goes back to idle', async () => {
  const calls: ReturnType<typeof deferred<string>>[] = [];
  const send = (word: string) => {
    calls.push(deferred<string>());
    return calls[calls.length - 1].promise.then((answer) => `${word} ${answer}`);
  };
  const { result } = renderHook(() => useAction(send));
  const shown = () =>
    result.current.status === 'success' ? `success ${result.current.data}` : result.current.status === 'error' ? `error ${result.current.error?.message}` : result.current.status;
  expect(shown()).toBe('idle');
  const succeeded = jest.fn();
  act(() => result.current.mutate('bonjour', { onSuccess: succeeded }));
  expect(shown()).toBe('pending');
  await act(async () => calls[0].resolve('madame'));
  expect(shown()).toBe('success bonjour madame');
  expect(succeeded).toHaveBeenCalledWith('bonjour madame', 'bonjour');

  const failed = jest.fn();
  act(() => result.current.mutate('encore', { onError: failed }));
  expect(shown()).toBe('pending');
  await act(async () => calls[1].reject(new Error('Refusé.')));
  expect(shown()).toBe('error Refusé.');
  expect(failed).toHaveBeenCalledWith(new Error('Refusé.'), 'encore');

  act(() => result.current.reset());
  expect(shown()).toBe('idle');
});

it('once: an effect run twice (strict mode) and a page mounted again find the one call', async () => {
  const call = deferred<string>();
  const run = jest.fn(() => call.promise);
  const succeeded = jest.fn();
  function Page() {
    const action = useAction(run, { once: 'link A' });
    const { mutate } = action;
    useEffect(() => mutate(undefined, { onSuccess: succeeded }), [mutate]);
    return <Shown action={action} />;
  }
  const first = render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('pending');
  await act(async () => call.resolve('fait'));
  expect(screen.getByRole('status')).toHaveTextContent('success fait');
  first.unmount();
  // Mounted again: the call's outcome from the first render, without a second call.
  render(<Page />);
  expect(screen.getByRole('status')).toHaveTextContent('success fait');
  expect(run).toHaveBeenCalledTimes(1);
  expect(succeeded).toHaveBeenCalledTimes(1);
});

it('runOnce begun before React renders: the page shows that call', async () => {
  const call = deferred<string>();
  const run = jest.fn(() => call.promise);
  runOnce('link B', run, undefined);
  function Page() {
    const action = useAction(run, { once: 'link B' });
    const { mutate } = action;
    useEffect(() => mutate(), [mutate]);
    return <Shown action={action} />;
  }
  render(<Page />);
  expect(screen.getByRole('status')).toHaveTextContent('pending');
  await act(async () => call.resolve('accepté'));
  expect(screen.getByRole('status')).toHaveTextContent('success accepté');
  expect(run).toHaveBeenCalledTimes(1);
});

it('a fetcher that throws at once is a failure of the call, not of the page', async () => {
  const broken = (): Promise<string> => {
    throw new Error('Cassé.');
  };
  const { result } = renderHook(() => useAction(broken));
  await act(async () => result.current.mutate());
  expect(result.current.status).toBe('error');
  expect(result.current.error?.message).toBe('Cassé.');
});
