/**
 * The request page's form in jsdom, on a restaurant's request_form answer (no server): the calendar
 * refuses past and closed days, the form's checks speak the contract's words on their fields and are
 * announced, the estimate's lines are priced from the profile (its total and acompte are SQL's:
 * test/integration/request-estimate.test.tsx).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestForm } from '../../src/features/request-page/components/RequestForm';
import { Sent } from '../../src/features/request-page/components/Sent';
import { depositHint, depositNext, estimate, isBookable, requestBody, EMPTY_VALUES, type RequestForm as Form } from '../../src/features/request-page/lib/form-rules';

const dinner = { service: 'dinner' as const, from: '19:00', to: '22:30', arrival_times: ['19:30', '20:00'], group_size: { min: 6, max: 30 } };
const closedDay = (day: string) => ({ day, is_open: false, services: [] });

/** Open Wednesday and Friday evenings; today is Wednesday 2 December 2026. */
const FORM: Form = {
  version: 1,
  restaurant: { id: '11111111-1111-4111-8111-111111111111', name: 'Chez Test', address: '1 rue du Test, Lyon', description: null, photo: null },
  response_time: { code: 'fast', label: '1-2h' },
  today: '2026-12-02',
  last_date: '2027-12-02',
  days: [
    closedDay('monday'),
    closedDay('tuesday'),
    { day: 'wednesday', is_open: true, services: [dinner] },
    closedDay('thursday'),
    { day: 'friday', is_open: true, services: [dinner] },
    closedDay('saturday'),
    closedDay('sunday'),
  ] as Form['days'],
  menus: [
    {
      id: 'm1',
      name: 'Menu Canut',
      price_per_person: 32,
      menu_type: 'choice',
      content: 'Entrée, plat, dessert',
      available_lunch: true,
      available_dinner: true,
      is_children_menu: false,
      items: [],
      alternatives: [],
    },
    {
      id: 'k1',
      name: 'Menu Enfant',
      price_per_person: 14,
      menu_type: 'choice',
      content: null,
      available_lunch: true,
      available_dinner: true,
      is_children_menu: true,
      items: [],
      alternatives: [],
    },
  ],
  options: [{ id: 'o1', title: 'Kir', price: 6, price_type: 'per_person' }],
  deposit: { required: true, method: 'acompte', type: 'percentage', amount: 30 },
  cgv: { cancellation_policy: '48h', modification_policy: '24h', link: 'https://exemple.fr/cgv.pdf' },
  closures: [],
};

describe('the rules', () => {
  it('bookable: from today to a year ahead, on days with an open service', () => {
    expect(isBookable(FORM, '2026-12-01')).toBe(false); // yesterday (a Tuesday)
    expect(isBookable(FORM, '2026-12-02')).toBe(true); // today, a Wednesday
    expect(isBookable(FORM, '2026-12-03')).toBe(false); // Thursday: closed
    expect(isBookable(FORM, '2026-12-04')).toBe(true);
    expect(isBookable(FORM, '2027-12-03')).toBe(false); // beyond a year
    // Closed exceptionally (Christmas): its only service closed, the day cannot be picked.
    const christmas = { ...FORM, closures: [{ date: '2026-12-25', service: 'dinner' as const }] };
    expect(isBookable(FORM, '2026-12-25')).toBe(true);
    expect(isBookable(christmas, '2026-12-25')).toBe(false);
  });

  it("prices the estimate's lines as submit_group_request does: menu × adults, children's menu × children, options per adult", () => {
    expect(estimate(FORM, { adults: '10', children: '2', menuId: 'm1', optionIds: ['o1'] })).toEqual({
      lines: [
        { label: 'Menu Canut × 10', amount: 320 },
        { label: 'Menu Enfant × 2', amount: 28 },
        { label: 'Kir × 10', amount: 60 },
      ],
    });
    expect(estimate(FORM, { adults: '', children: '0', menuId: 'm1', optionIds: [] })).toBeNull();
  });

  it('sends the contract’s body with the (empty) honeypot', () => {
    const body = requestBody({ ...EMPTY_VALUES, date: '2026-12-04', service: 'dinner', arrivalTime: '19:30', adults: '8', name: ' Ana ', email: 'ana@exemple.fr' }, 'web-1');
    expect(body).toEqual({
      external_id: 'web-1',
      date: '2026-12-04',
      arrival_time: '19:30',
      adults: 8,
      children: 0,
      menu_id: null,
      options: [],
      customer: { name: 'Ana', email: 'ana@exemple.fr', phone: null },
      message: null,
      dietary_notes: null,
      website: '',
    });
  });

  it('sends the group’s allergies as the contract’s dietary_notes (the kitchen sheet’s « Allergies et régimes »)', () => {
    const body = requestBody({ ...EMPTY_VALUES, date: '2026-12-04', arrivalTime: '19:30', adults: '8', name: 'Ana', email: 'ana@exemple.fr', dietaryNotes: ' Deux sans gluten ' }, 'web-2');
    expect(body.dietary_notes).toBe('Deux sans gluten');
  });
});

describe('after sending', () => {
  const sent = { kind: 'sent' as const, codeReservation: 'WPKXF9', respondBy: '2026-12-02T13:00:00Z', deposit: null, pageUrl: 'https://app.tablee.fr/ma-reservation/abc' };
  const values = { ...EMPTY_VALUES, date: '2026-12-04', service: 'dinner' as const, arrivalTime: '19:30', adults: '8', name: 'Ana', email: 'ana@exemple.fr' };

  it('gives the customer one reference, their code de réservation, and the time the restaurant promised to answer', () => {
    render(<Sent form={FORM} outcome={sent} values={values} onAnother={() => undefined} now={new Date('2026-12-02T08:00:00Z')} />);
    const section = screen.getByRole('region', { name: 'Demande envoyée' });
    expect(section).toHaveTextContent('Votre code de réservation : WPKXF9');
    expect(section).not.toHaveTextContent(/TBL-|R-\d/);
    expect(section).toHaveTextContent('Le restaurant s’engage à vous répondre aujourd’hui avant 14:00.');
    // Their own page, to follow it and change it.
    expect(screen.getByRole('link', { name: 'Suivre ma demande' })).toHaveAttribute('href', 'https://app.tablee.fr/ma-reservation/abc');
  });

  it('a promise for the next open day says its date', () => {
    render(<Sent form={FORM} outcome={{ ...sent, respondBy: '2026-12-04T12:30:00Z' }} values={values} onAnother={() => undefined} now={new Date('2026-12-02T22:00:00Z')} />);
    expect(screen.getByRole('region', { name: 'Demande envoyée' })).toHaveTextContent('Le restaurant s’engage à vous répondre d’ici le vendredi 4 décembre 2026 à 13:30.');
  });

  it('what will be asked once accepted, in the CGV’s word and agreed: arrhes (unless they say acompte), an acompte, a card imprint', () => {
    const next = (deposit: Parameters<typeof depositNext>[0] | null) => {
      const { unmount } = render(<Sent form={FORM} outcome={{ ...sent, deposit }} values={values} onAnother={() => undefined} now={new Date('2026-12-02T08:00:00Z')} />);
      const text = screen.getByRole('region', { name: 'Demande envoyée' }).textContent!.replace(/\s/g, ' ');
      unmount();
      return text;
    };
    expect(next({ method: 'acompte', amount: 115.2, percentage: 30 })).toContain(
      'S’il l’accepte, des arrhes de 115,20 € (30 % du total) vous seront demandées pour confirmer la réservation. Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.',
    );
    expect(next({ method: 'acompte', amount: 150, nature: 'acompte' })).toContain(
      'S’il l’accepte, un acompte de 150,00 € vous sera demandé pour confirmer la réservation. C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.',
    );
    expect(next({ method: 'empreinte', amount: 20 })).toContain('S’il l’accepte, une empreinte bancaire de 20,00 € vous sera demandée (rien n’est prélevé).');
    expect(next(null)).not.toMatch(/arrhes|acompte|empreinte/);
    expect(depositHint({ method: 'acompte', amount: 150, nature: 'acompte' }).replace(/\s/g, ' ')).toBe(
      'Acompte demandé si le restaurant accepte : 150,00 €. C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.',
    );
  });
});

describe('the form', () => {
  it('a closed day and a past day cannot be picked; an open one can', async () => {
    const user = userEvent.setup();
    render(<RequestForm form={FORM} onSent={() => undefined} />);
    const thursday = screen.getByRole('button', { name: 'jeudi 3 décembre 2026, indisponible' });
    expect(thursday).toBeDisabled();
    expect(screen.getByRole('button', { name: 'mardi 1 décembre 2026, indisponible' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeDisabled();
    const friday = screen.getByRole('button', { name: 'vendredi 4 décembre 2026' });
    await user.click(friday);
    expect(friday).toHaveAttribute('aria-pressed', 'true');
    // Its one service is chosen, and its arrival times offered.
    expect(screen.getByRole('radio', { name: /^Dîner/ })).toBeChecked();
    expect(
      within(screen.getByLabelText('Heure d’arrivée'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisissez une heure', '19:30', '20:00']);
  });

  it('refuses to send what the contract would refuse: every field says why, announced, the first one focused', async () => {
    const user = userEvent.setup();
    const onSent = jest.fn();
    render(<RequestForm form={FORM} onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'vendredi 4 décembre 2026' }));
    await user.selectOptions(screen.getByLabelText('Heure d’arrivée'), '19:30');
    await user.type(screen.getByLabelText('Adultes'), '40');
    await user.type(screen.getByLabelText('E-mail'), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(screen.getByRole('alert')).toHaveTextContent('La demande n’a pas été envoyée : corrigez les champs signalés.');
    const adults = screen.getByLabelText('Adultes');
    expect(adults).toHaveAttribute('aria-invalid', 'true');
    expect(adults).toHaveAccessibleDescription('Le restaurant accueille les groupes de 6 à 30 personnes au dîner ce jour-là.');
    expect(adults).toHaveFocus();
    // The customer's own form speaks to them.
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Indiquez votre nom.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription("Votre adresse e-mail n'est pas valide (une seule adresse, par exemple nom@exemple.fr).");
    expect(screen.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ })).toHaveAccessibleDescription(
      'Acceptez les conditions générales de vente pour envoyer la demande.',
    );
    expect(onSent).not.toHaveBeenCalled();
  });

  it('shows the estimate’s lines, priced from the profile, and leaves the total to the restaurant’s check until the arrival time is chosen', async () => {
    const user = userEvent.setup();
    render(<RequestForm form={FORM} onSent={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'vendredi 4 décembre 2026' }));
    await user.type(screen.getByLabelText('Adultes'), '10');
    await user.clear(screen.getByLabelText('Enfants'));
    await user.type(screen.getByLabelText('Enfants'), '2');
    await user.click(screen.getByRole('radio', { name: /Menu Canut/ }));
    await user.click(screen.getByRole('checkbox', { name: /Kir/ }));
    const estimateBox = screen.getByRole('region', { name: 'Estimation' });
    expect(estimateBox).toHaveTextContent(/Menu Canut × 10\s*320,00\s€/);
    expect(estimateBox).toHaveTextContent(/Kir × 10/);
    expect(estimateBox).toHaveTextContent('Total estimé—');
    expect(estimateBox).toHaveTextContent('Choisissez la date et l’heure d’arrivée pour voir le total.');
    expect(estimateBox).not.toHaveTextContent(/Acompte/);
  });
});
