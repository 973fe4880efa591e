/** useAction: useMutation's shape for the light pages, and its calls made once per page. */
import { act, render, screen } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { runOnce, useAction, type Action, type ActionState } from '../../src/action';

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
  let action!: Action<string, string>;
  function Page() {
    action = useAction(send);
    return <Shown action={action} />;
  }
  render(<Page />);
  expect(screen.getByRole('status')).toHaveTextContent('idle');
  const succeeded = jest.fn();
  act(() => action.mutate('bonjour', { onSuccess: succeeded }));
  expect(screen.getByRole('status')).toHaveTextContent('pending');
  await act(async () => calls[0].resolve('madame'));
  expect(screen.getByRole('status')).toHaveTextContent('success bonjour madame');
  expect(succeeded).toHaveBeenCalledWith('bonjour madame', 'bonjour');

  const failed = jest.fn();
  act(() => action.mutate('encore', { onError: failed }));
  expect(screen.getByRole('status')).toHaveTextContent('pending');
  await act(async () => calls[1].reject(new Error('Refusé.')));
  expect(screen.getByRole('status')).toHaveTextContent('error Refusé.');
  expect(failed).toHaveBeenCalledWith(new Error('Refusé.'), 'encore');

  act(() => action.reset());
  expect(screen.getByRole('status')).toHaveTextContent('idle');
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
  let action!: Action<string, void>;
  function Page() {
    action = useAction(broken);
    return <Shown action={action} />;
  }
  render(<Page />);
  await act(async () => action.mutate());
  expect(screen.getByRole('status')).toHaveTextContent('error Cassé.');
});
