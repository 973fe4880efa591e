/**
 * 'Modifier': a group changed from 18 to 22 adults keeps « Coupe de champagne × 18 » unless the owner
 * changes it; the form says so while the numbers disagree (jsdom, no data).
 */
import type { AssistantKnowledge } from '@tablee/domain';
import { perPersonOptionsOutOfStep } from '@tablee/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { ReservationForm } from '../../src/features/reservations/components/ReservationForm';
import { paste } from '../../../tooling/jest/paste';

const OPTIONS: AssistantKnowledge['options'] = [
  { id: 'o1', title: 'Coupe de champagne', price: 10, price_type: 'per_person' },
  { id: 'o2', title: 'Gâteau', price: 45, price_type: 'total' },
];

const PROFILE: AssistantKnowledge = {
  version: 2,
  restaurant: { id: 'r', name: 'Le Petit Zinc', address: '', description: '', url: null },
  first_message: '',
  first_message_is_default: true,
  contact: { email: null, whatsapp: null, response_time: 'fast', response_time_label: '1-2h' },
  amenities: { ground_floor: false, accessible_to_disabled: false, parking: false, air_conditioning: false, wifi: false, valet_parking: false },
  days: [],
  closures: [],
  menus: [],
  options: OPTIONS,
  deposit: { required: false, method: null, type: null, amount: null },
  payment: { on_site: true, online: false, payment_link: null },
  cgv: null,
  faq: [],
  completeness: { complete: true, missing: [] },
};

test('the rule: a per-person option whose quantity is not the adults; a total one or one without quantity never', () => {
  expect(
    perPersonOptionsOutOfStep(
      [
        { option_id: 'o1', quantity: 18 },
        { option_id: 'o2', quantity: 1 },
      ],
      OPTIONS,
      22,
    ),
  ).toEqual([{ title: 'Coupe de champagne', quantity: 18 }]);
  expect(perPersonOptionsOutOfStep([{ option_id: 'o1', quantity: 22 }], OPTIONS, 22)).toEqual([]);
  expect(perPersonOptionsOutOfStep([{ option_id: 'o1', quantity: null }], OPTIONS, 22)).toEqual([]);
});

test('the form warns while the adults and a per-person option’s quantity disagree', async () => {
  render(
    <ReservationForm
      profile={PROFILE}
      initialValues={{ date: dayjs('2026-12-18'), adults: 18, children: 0, options: [{ option_id: 'o1', quantity: 18 }], customer: { name: 'Hélène' } }}
      submitLabel="Enregistrer les modifications"
      onSubmit={async () => undefined}
    />,
  );
  expect(screen.queryByText(/est comptée/)).not.toBeInTheDocument();
  const user = userEvent.setup();
  await paste(user, screen.getByLabelText('Adultes'), '22', { replace: true });
  const warning = await screen.findByRole('alert');
  expect(warning).toHaveTextContent('L’option par personne « Coupe de champagne » est comptée 18 fois pour 22 adultes : ajustez sa quantité si elle doit suivre le groupe.');
  await paste(user, screen.getByLabelText('Quantité'), '22', { replace: true });
  await waitFor(() => expect(screen.queryByText(/est comptée/)).not.toBeInTheDocument());
});

test('a select’s clear button speaks French', () => {
  const menu = {
    id: 'm1',
    name: 'Menu Zinc',
    price_per_person: 32,
    menu_type: 'choice' as const,
    content: null,
    available_lunch: true,
    available_dinner: true,
    is_children_menu: false,
    items: [],
    alternatives: [],
  };
  render(
    <ReservationForm
      profile={{ ...PROFILE, menus: [menu] }}
      initialValues={{ adults: 12, menu_id: 'm1', options: [], customer: {} }}
      submitLabel="Enregistrer"
      onSubmit={async () => undefined}
    />,
  );
  expect(screen.getAllByLabelText('Effacer').length).toBeGreaterThan(0);
  expect(screen.queryByLabelText('Clear')).not.toBeInTheDocument();
});
