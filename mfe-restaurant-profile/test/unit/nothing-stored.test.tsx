/**
 * 'Stored as shown', once for every edit tab: while a section's load reports nothing stored,
 * the tab says so and its save is enabled without a change; once saved, the notice goes and the save
 * waits for a change again.
 */
import { AppProviders } from '@tablee/shared';
import type { SectionApi } from '@tablee/sections';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NOTHING_STORED_MESSAGE, SectionEditTab } from '../../src/components/SectionEditTab';

interface Note {
  text: string;
}

function renderTab(stored: boolean, nothingStored?: string) {
  const saves: Note[] = [];
  const api: SectionApi<Note> = {
    key: `note-${stored}-${Math.random()}`,
    load: async () => ({ value: { text: 'Proposition' }, stored }),
    save: async (_id, value) => void saves.push(value),
  };
  const router = createMemoryRouter(
    [
      {
        path: '/restaurants/:restaurantId/note',
        element: (
          <SectionEditTab
            title="Note"
            api={api}
            messages={{ success: 'Enregistré !', nothingStored }}
            renderForm={({ form, initialValue }) => (
              <Form form={form} initialValues={initialValue}>
                <Form.Item label="Texte" name="text">
                  <Input />
                </Form.Item>
              </Form>
            )}
          />
        ),
      },
    ],
    { initialEntries: ['/restaurants/r1/note'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { saves };
}

const saveButton = () => screen.getByRole('button', { name: 'Enregistrer les modifications' });

it('nothing stored: the notice, and a save enabled without a change; saved, both back to normal', async () => {
  const user = userEvent.setup({ delay: null });
  const { saves } = renderTab(false);
  expect(await screen.findByText(NOTHING_STORED_MESSAGE)).toBeInTheDocument();
  expect(screen.getByLabelText('Texte')).toHaveValue('Proposition');
  expect(saveButton()).toBeEnabled();
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent('Enregistré !');
  await waitFor(() => expect(screen.queryByText(NOTHING_STORED_MESSAGE)).not.toBeInTheDocument());
  expect(saveButton()).toBeDisabled();
  expect(saves).toEqual([{ text: 'Proposition' }]);
});

it("a tab's own notice replaces the default one", async () => {
  renderTab(false, 'Aucune CGV enregistrée.');
  expect(await screen.findByText('Aucune CGV enregistrée.')).toBeInTheDocument();
  expect(screen.queryByText(NOTHING_STORED_MESSAGE)).not.toBeInTheDocument();
});

it('stored: no notice, the save waits for a change', async () => {
  renderTab(true);
  await waitFor(() => expect(screen.getByLabelText('Texte')).toHaveValue('Proposition'));
  expect(screen.queryByText(NOTHING_STORED_MESSAGE)).not.toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
});
