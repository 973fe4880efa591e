/** QueryState through a real TanStack QueryClient: first load, failure, and a background refresh that fails. */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState } from '../../src/ui/QueryState';

const STALE_DATA_WARNING = 'La mise à jour a échoué : les données affichées peuvent ne plus être à jour.';

/** Answers in turn from `answers` (a value, or an Error to throw). */
function renderWith(answers: (string | Error)[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let call = 0;
  function Screen() {
    const query = useQuery({
      queryKey: ['menu'],
      queryFn: async () => {
        const answer = answers[Math.min(call++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    return <QueryState query={query}>{(menu) => <p>{menu}</p>}</QueryState>;
  }
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
  return client;
}

it('a first load that fails shows the error and Réessayer, which loads again', async () => {
  const user = userEvent.setup({ delay: null });
  renderWith([new Error('réseau'), 'Menu du marché']);
  expect(await screen.findByText('Erreur de chargement')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Menu du marché')).toBeInTheDocument();
});

it('a background refresh that fails keeps the data on screen, with a warning and Réessayer', async () => {
  const user = userEvent.setup({ delay: null });
  const client = renderWith(['Menu du marché', new Error('réseau'), 'Menu du soir']);
  expect(await screen.findByText('Menu du marché')).toBeInTheDocument();
  await act(() => client.refetchQueries({ queryKey: ['menu'] }));
  expect(await screen.findByText(STALE_DATA_WARNING)).toBeInTheDocument();
  expect(screen.getByText('Menu du marché')).toBeInTheDocument();
  expect(screen.queryByText('Erreur de chargement')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Menu du soir')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(STALE_DATA_WARNING)).not.toBeInTheDocument());
});
