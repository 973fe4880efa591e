import { formatEuros } from '@tablee/shared';
import { describeClosures, describePayment, describePolicies, describeService, dietarySummary, amenityLabels } from '../../src/features/assistant/describe';

describe('what the assistant says', () => {
  it('a service: hours, arrivals, sizes, capacity, à la carte and privatisation', () => {
    expect(
      describeService({
        service: 'dinner',
        from: '19:00',
        to: '23:00',
        arrival_times: ['19:00', '19:30'],
        group_size: { min: 8, max: 40 },
        capacity: 60,
        a_la_carte: { allowed: false, max_group_size: 10 },
        partial_privatization: { supplement: true, min_group_size: 25, amount: 250 },
      }),
    ).toBe(`Soir 19:00–23:00 : arrivées à 19:00, 19:30 ; groupes de 8 à 40 personnes ; 60 couverts au plus ; privatisation partielle dès 25 personnes (${formatEuros(250)}).`);
  });

  it('the deposit, the rest and the payment link', () => {
    expect(
      describePayment({ deposit: { required: true, method: 'acompte', type: 'percentage', amount: 30 }, payment: { on_site: true, online: false, payment_link: 'https://pay.example/x' } }),
    ).toEqual(['Acompte de 30 % du montant demandé à la réservation.', 'Le solde se règle sur place.', 'Lien de paiement de l’acompte : https://pay.example/x']);
    expect(describePayment({ deposit: { required: true, method: 'empreinte', type: 'fixed', amount: 20 }, payment: { on_site: false, online: true, payment_link: null } })[0]).toBe(
      `Empreinte bancaire de ${formatEuros(20)} demandée à la réservation.`,
    );
  });

  it('the policies as delays, the same day said plainly', () => {
    expect(describePolicies({ cancellation_policy: 'same_day', modification_policy: '72h', link: null })).toEqual([
      'Annulation possible jusqu’au jour J.',
      'Modification possible jusqu’à 72h (3 jours) avant le repas.',
    ]);
  });

  it('the diets across menus, and the amenities with the form’s labels', () => {
    const menu = (name: string, alternatives: { name: string; is_gluten_free: boolean; is_vegan: boolean }[]) => ({
      id: `id-${name}`,
      name,
      price_per_person: 30,
      menu_type: 'choice' as const,
      content: null,
      available_lunch: true,
      available_dinner: true,
      is_children_menu: false,
      items: [],
      alternatives: alternatives.map((a) => ({ ...a, type: 'main', other_dietary_notes: null })),
    });
    expect(dietarySummary([menu('A', [{ name: 'Risotto', is_gluten_free: true, is_vegan: false }]), menu('B', [{ name: 'Curry', is_gluten_free: true, is_vegan: true }])])).toEqual({
      glutenFree: ['Risotto (A)', 'Curry (B)'],
      vegan: ['Curry (B)'],
    });
    expect(amenityLabels({ amenities: { ground_floor: true, accessible_to_disabled: false, parking: false, air_conditioning: true, wifi: false, valet_parking: true } })).toEqual([
      'Plain-pied',
      'Climatisation',
      'Voiturier',
    ]);
  });

  it('tells the upcoming exceptional closures, one per date', () => {
    expect(
      describeClosures([
        { date: '2026-12-25', services: ['lunch', 'dinner'], reason: 'Noël' },
        { date: '2027-01-04', services: ['dinner'], reason: null },
      ]),
    ).toEqual(['vendredi 25 décembre 2026 : fermé midi et soir (Noël)', 'lundi 4 janvier 2027 : fermé soir']);
  });
});
