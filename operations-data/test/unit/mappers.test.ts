import { conversationFromRow, conversationSummaryFromRow, reservationFromRow } from '../../src/mappers';
import type { ReservationRow } from '../../src/rows';
import { conversationCreatedText, conversationTitle } from '../../src/constants';

describe('row → model mappers of the operations screens (reservations, conversations)', () => {
  it('orders messages oldest first and derives the last message and count', () => {
    const c = conversationFromRow({
      id: 'c1',
      restaurant_id: 'r',
      created_at: 'a',
      updated_at: 'b',
      channel: 'web',
      customer_contact: null,
      answered_by: 'staff',
      handed_over_at: null,
      messages: [
        { id: 'm2', role: 'assistant', content: 'Bonjour !', created_at: '2026-01-01T10:01:00Z', author_name: null },
        { id: 'm1', role: 'user', content: 'Salut', created_at: '2026-01-01T10:00:00Z', author_name: null },
        { id: 'm3', role: 'staff', content: 'Oui', created_at: '2026-01-01T10:02:00Z', author_name: 'Léa Martin' },
      ],
    });
    expect(c.messages!.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(c.messageCount).toBe(3);
    // A member's reply: its role and author's name, and who answers the conversation now.
    expect(c.lastMessage).toMatchObject({ id: 'm3', role: 'staff', authorName: 'Léa Martin', conversationId: 'c1' });
    expect(c).toMatchObject({ channel: 'web', answeredBy: 'staff', handedOverAt: null });
  });

  it('maps a reservation: row id and restaurant number, status code, HH:MM, options', () => {
    const row: ReservationRow = {
      id: 'uuid',
      restaurant_id: 'r',
      conversation_id: null,
      numero_reservation_restaurateur: 'R-0042',
      numero_reservation: 'N42',
      code_reservation: 'CR',
      status: 4,
      is_accepted: false,
      customer_name: 'Mme Dupont',
      email: null,
      email_address: null,
      phone_number: null,
      selected_menu: 'Menu',
      total_amount: 420.5,
      amount_received_cents: null,
      number_people: 12,
      children: 2,
      reservation_date: '2026-06-01',
      arrival_time: '19:30:00',
      service: 'dinner',
      respond_by: '2026-05-01T06:00:00Z',
      options: [{ title: 'Vin', price: '5', quantity: 3 }, 'junk'],
      source: 'assistant',
      created_at: '2026-05-01T00:00:00Z',
    };
    expect(reservationFromRow(row)).toMatchObject({
      id: 'uuid',
      numero: 'R-0042',
      status: 'cancelled',
      totalAmount: 420.5,
      arrivalTime: '19:30',
      children: 2,
      options: [{ title: 'Vin', price: 5, quantity: 3 }],
      email: '',
      emailDeliverable: false,
      conversationId: undefined,
    });
    expect(reservationFromRow({ ...row, email: ' a@b.fr', email_address: 'a@b.fr' }).emailDeliverable).toBe(true);
    expect(reservationFromRow({ ...row, status: 9 }).status).toBe('pending');
  });

  it('a summary row becomes a card: count and last message from the view, none when empty', () => {
    const row = {
      id: 'c',
      restaurant_id: 'r',
      created_at: '2026-01-01T10:00:00Z',
      updated_at: '2026-01-02T10:00:00Z',
      channel: 'import',
      customer_contact: null,
      answered_by: 'assistant' as const,
      handed_over_at: null,
    };
    expect(conversationSummaryFromRow({ ...row, message_count: 3, last_message_role: 'assistant', last_message_content: 'Merci', last_message_at: '2026-01-02T09:59:00Z' })).toEqual({
      id: 'c',
      restaurantId: 'r',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messageCount: 3,
      lastMessage: { id: '', conversationId: 'c', role: 'assistant', content: 'Merci', createdAt: '2026-01-02T09:59:00Z' },
      requests: [],
      channel: 'import',
      customerContact: null,
      answeredBy: 'assistant',
      handedOverAt: null,
    });
    // A web chat the assistant passed to the restaurant, last answered by a member.
    expect(
      conversationSummaryFromRow({
        ...row,
        channel: 'web',
        handed_over_at: '2026-01-02T10:00:00Z',
        message_count: 2,
        last_message_role: 'staff',
        last_message_content: 'Oui',
        last_message_at: '2026-01-02T10:00:00Z',
      }),
    ).toMatchObject({ channel: 'web', handedOverAt: '2026-01-02T10:00:00Z', lastMessage: { role: 'staff' } });
    // Its requests, oldest first: whom the conversation is with.
    const requests = [
      { numero_reservation_restaurateur: 'R-0002', customer_name: 'Paul', created_at: '2026-01-03T00:00:00Z' },
      { numero_reservation_restaurateur: 'R-0001', customer_name: '', created_at: '2026-01-02T00:00:00Z' },
    ];
    const named = conversationSummaryFromRow({ ...row, message_count: 1, last_message_role: null, last_message_content: null, last_message_at: null, restaurant_reservations: requests });
    expect(named.requests).toEqual([
      { numero: 'R-0001', customerName: '' },
      { numero: 'R-0002', customerName: 'Paul' },
    ]);
    expect(conversationTitle(named)).toBe('Conversation avec Paul');
    expect(conversationTitle({ ...named, requests: [] })).toBe('Conversation #c');
    expect(conversationCreatedText("Aujourd'hui à 09:05")).toBe("Créée aujourd'hui à 09:05");
    expect(conversationCreatedText('27/11 14:05')).toBe('Créée le 27/11 à 14:05');
    const empty = conversationSummaryFromRow({ ...row, message_count: 0, last_message_role: null, last_message_content: null, last_message_at: null });
    expect(empty.lastMessage).toBeUndefined();
    expect(empty.messageCount).toBe(0);
  });
});
