import { reservationServiceOrigin } from '../../src/config/app-config';
import { isUuid } from '../../src/domain/ids';
import { conversationSummaryFromRow } from '../../src/domain/mappers';
import { parseReservationFilter } from '../../src/domain/reservation-status';

describe('rules shared by the operational screens', () => {
  it('the sheets live on the reservation service origin: its API URL without the trailing /api', () => {
    expect(reservationServiceOrigin({ reservationApiUrl: 'http://localhost:4305/api' })).toBe('http://localhost:4305');
    expect(reservationServiceOrigin({ reservationApiUrl: 'https://svc.tablee.fr/api/' })).toBe('https://svc.tablee.fr');
    expect(reservationServiceOrigin({ reservationApiUrl: 'https://svc.tablee.fr/apis' })).toBe('https://svc.tablee.fr/apis');
  });

  it('ids in URLs must be UUIDs', () => {
    expect(isUuid('b6000000-0000-4000-8000-000000000001')).toBe(true);
    for (const v of ['', 'abc', 'b6000000-0000-4000-8000-00000000000', null, undefined]) expect(isUuid(v)).toBe(false);
  });

  it('an unknown filter in the URL means every reservation', () => {
    expect(parseReservationFilter('paid')).toBe('paid');
    for (const v of ['all', 'payée', '', null, '3']) expect(parseReservationFilter(v)).toBe('all');
  });

  it('a summary row becomes a card: count and last message from the view, none when empty', () => {
    const row = { id: 'c', restaurant_id: 'r', created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-02T10:00:00Z' };
    expect(
      conversationSummaryFromRow({ ...row, message_count: 3, last_message_role: 'assistant', last_message_content: 'Merci', last_message_at: '2026-01-02T09:59:00Z' }),
    ).toEqual({
      id: 'c',
      restaurantId: 'r',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messageCount: 3,
      lastMessage: { id: '', conversationId: 'c', role: 'assistant', content: 'Merci', createdAt: '2026-01-02T09:59:00Z' },
    });
    const empty = conversationSummaryFromRow({ ...row, message_count: 0, last_message_role: null, last_message_content: null, last_message_at: null });
    expect(empty.lastMessage).toBeUndefined();
    expect(empty.messageCount).toBe(0);
  });
});
