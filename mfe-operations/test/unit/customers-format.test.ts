/** The guest book's French: the last visit (one to come is said so), the export's file names and readable document, the list's address. */
import { parseCustomerListParams } from '@tablee/operations-data';
import type { CustomerExport } from '@tablee/domain';
import { customerExportHtml, exportFileBase, formatCents, formatLastVisit } from '../../src/features/customers/format';

it('says a visit to come « à venir le … », a past one by its date, none as a dash', () => {
  expect(formatLastVisit('2026-03-12', '2026-06-01')).toBe('12/03/2026');
  expect(formatLastVisit('2026-06-01', '2026-06-01')).toBe('01/06/2026');
  expect(formatLastVisit('2026-07-14', '2026-06-01')).toBe('à venir le 14/07/2026');
  expect(formatLastVisit(null)).toBe('—');
  expect(formatCents(123450).replace(/\s/g, ' ')).toBe('1 234,50 €');
});

it('names the export’s files from the customer, without accents nor spaces', () => {
  expect(exportFileBase('Élise Moreau-Dupré')).toBe('client-elise-moreau-dupre');
  expect(exportFileBase('  ')).toBe('client-sans-nom');
});

it('writes a French HTML document of everything held, escaping what the customer wrote', () => {
  const data: CustomerExport = {
    exportedAt: '2026-12-05T10:00:00Z',
    restaurantId: 'r',
    customer: { id: 'c', email: 'elise@example.fr', phone_e164: '+33612345678', notes: null, tags: ['Habitué'] },
    reservations: [{ id: 'x', customer_name: 'Élise', email: 'elise@example.fr', phone_number: null, guests: [], history: [], status: 3, numero_reservation_restaurateur: 'R-0001' }],
    conversations: [
      { id: 'v', channel: 'web', customer_contact: null, created_at: '2026-02-01T10:00:00Z', messages: [{ role: 'user', content: '<b>Bonjour</b>', created_at: '2026-02-01T10:00:00Z' }] },
    ],
    messages_sent: [],
  };
  const html = customerExportHtml(data, 'Élise Moreau', 'Chez Carnet');
  expect(html).toContain('<html lang="fr">');
  expect(html).toContain('<h1>Données personnelles de Élise Moreau détenues par Chez Carnet</h1>');
  for (const section of ['Identité', 'Réservations', 'Conversations', 'Messages envoyés']) expect(html).toContain(`<h2>${section}</h2>`);
  expect(html).toContain('06 12 34 56 78');
  expect(html).toContain('Réservation R-0001');
  expect(html).toContain('Payée');
  expect(html).toContain('&lt;b&gt;Bonjour&lt;/b&gt;');
  expect(html).not.toContain('<b>Bonjour</b>');
  expect(html).toContain('Aucun message envoyé.');
});

it('reads the list’s search, sort and page from the address, with defaults', () => {
  expect(parseCustomerListParams(new URLSearchParams(''))).toEqual({ search: '', sort: 'last_visit', page: 1 });
  expect(parseCustomerListParams(new URLSearchParams('q=%20dupont%20&tri=depenses&page=3'))).toEqual({ search: 'dupont', sort: 'spend', page: 3 });
  expect(parseCustomerListParams(new URLSearchParams('tri=inconnu&page=-2'))).toEqual({ search: '', sort: 'last_visit', page: 1 });
});
