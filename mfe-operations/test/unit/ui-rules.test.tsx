/** Pure UI rules of the operational screens (jsdom, no data). */
import { AppProviders } from '@tablee/shared';
import type { Conversation, ReservationStatus } from '@tablee/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ConversationCard } from '../../src/features/conversations/components/ConversationCard';
import { ConversationPagination } from '../../src/features/conversations/components/ConversationPagination';
import { paginationItems, rangeText } from '../../src/features/conversations/pagination';
import { StatusBadge } from '../../src/features/reservations/components/StatusBadge';
import { formatGuests, formatOption, formatPeople, isPastPending } from '../../src/features/reservations/format';
import { updateReservationStatus } from '../../src/features/reservations/api/updateReservationStatus';

describe('status badges', () => {
  it.each<[ReservationStatus, string]>([
    ['pending', 'En attente'],
    ['accepted', 'Acceptée'],
    ['rejected', 'Refusée'],
    ['paid', 'Payée'],
    ['cancelled', 'Annulée'],
    ['no_show', 'Non présenté'],
  ])('%s reads %s, each in its own colour', (status, label) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute('data-status', status);
  });

  it('gives six different colours', () => {
    const { container } = render(
      <>
        {(['pending', 'accepted', 'rejected', 'paid', 'cancelled', 'no_show'] as const).map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </>,
    );
    const colours = Array.from(container.querySelectorAll<HTMLElement>('.ant-tag')).map((t) => t.style.color);
    expect(new Set(colours).size).toBe(6);
    expect(colours.every(Boolean)).toBe(true);
  });
});

describe('people and options', () => {
  it('list column: adults, plus children when there are any', () => {
    expect(formatPeople(12, 0)).toBe('12');
    expect(formatPeople(12, 3)).toBe('12 (3 enfants)');
    expect(formatPeople(12, 1)).toBe('12 (1 enfant)');
  });

  it("detail panel: 'n adultes' plus ' + n enfants'", () => {
    expect(formatGuests(8, 0)).toBe('8 adultes');
    expect(formatGuests(8, 2)).toBe('8 adultes + 2 enfants');
    expect(formatGuests(1, 1)).toBe('1 adulte + 1 enfant');
  });

  it("options: title, price in euros, '(xN)' only above one", () => {
    expect(formatOption({ title: 'Apéritif maison', price: 6, quantity: 8 })).toBe('Apéritif maison — 6,00\u00a0€ (x8)');
    expect(formatOption({ title: 'Gâteau', price: 45.5, quantity: 1 })).toBe('Gâteau — 45,50\u00a0€');
  });

  it('status update: back to pending has no endpoint and is refused before any call', async () => {
    const r = { numeroReservation: 'TBL-X', restaurantId: 'y' };
    await expect(updateReservationStatus(r, 'pending')).rejects.toThrow("Statut non supporté par l'API: pending");
  });
});

describe('past dates', () => {
  it('flags a pending request dated before today, not today, not a decided one', () => {
    const today = '2026-11-23';
    expect(isPastPending({ status: 'pending', reservationDate: '2026-11-22' }, today)).toBe(true);
    expect(isPastPending({ status: 'pending', reservationDate: '2025-12-31' }, today)).toBe(true);
    expect(isPastPending({ status: 'pending', reservationDate: today }, today)).toBe(false);
    expect(isPastPending({ status: 'pending', reservationDate: '2026-11-24' }, today)).toBe(false);
    for (const status of ['accepted', 'rejected', 'paid', 'cancelled'] as const) expect(isPastPending({ status, reservationDate: '2026-11-22' }, today)).toBe(false);
  });
});

describe('pagination window (at most 5 numbers, first and last pages, ellipses)', () => {
  it('1 page', () => expect(paginationItems(1, 1)).toEqual([1]));
  it('5 pages', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('6 pages', () => {
    expect(paginationItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('7 pages', () => {
    expect(paginationItems(1, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 7]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(7, 7)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6, 7]);
  });
  it('50 pages', () => {
    expect(paginationItems(1, 50)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 50]);
    expect(paginationItems(25, 50)).toEqual([1, 'ellipsis-start', 23, 24, 25, 26, 27, 'ellipsis-end', 50]);
    expect(paginationItems(50, 50)).toEqual([1, 'ellipsis-start', 46, 47, 48, 49, 50]);
  });
  it("'Affichage de X à Y sur N conversations'", () => {
    expect(rangeText(1, 10, 42)).toBe('Affichage de 1 à 10 sur 42 conversations');
    expect(rangeText(5, 10, 42)).toBe('Affichage de 41 à 42 sur 42 conversations');
  });

  it('renders Précédent/Suivant, the numbers and the ellipses, and moves pages', async () => {
    const pages: number[] = [];
    render(<ConversationPagination page={25} totalPages={50} onChange={(p) => pages.push(p)} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination des conversations' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Précédent', '1', '23', '24', '25', '26', '27', '50', 'Suivant']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: 'Page 25' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Suivant' }));
    await user.click(within(nav).getByRole('button', { name: 'Page 50' }));
    await user.click(within(nav).getByRole('button', { name: 'Précédent' }));
    expect(pages).toEqual([26, 50, 24]);
  });

  it('first and last pages disable Précédent and Suivant; one page shows no pagination', () => {
    const { rerender } = render(<ConversationPagination page={1} totalPages={3} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    rerender(<ConversationPagination page={3} totalPages={3} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    rerender(<ConversationPagination page={1} totalPages={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('conversation card', () => {
  const card = (content: string, role: 'user' | 'assistant'): Conversation => ({
    id: '3f2a9c1e-0000-4000-8000-000000000001',
    restaurantId: 'r',
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-02T18:45:00Z',
    messageCount: 12,
    lastMessage: { id: '', conversationId: 'c', role, content, createdAt: '2026-05-02T18:45:00Z' },
    requests: [],
    channel: 'import',
    customerContact: null,
    answeredBy: 'assistant',
    handedOverAt: null,
  });
  const show = (c: Conversation) =>
    render(
      <AppProviders>
        <MemoryRouter>
          <ConversationCard conversation={c} />
        </MemoryRouter>
      </AppProviders>,
    );

  it("short id, count, 'Client' prefix, text cut at 80 characters with '...'", () => {
    show(card('x'.repeat(81), 'user'));
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent('Conversation #3f2a9c1e');
    expect(link).toHaveTextContent('12 message(s)');
    expect(link).toHaveTextContent(`Client : ${'x'.repeat(80)}...`);
    expect(link).toHaveAttribute('href', '/3f2a9c1e-0000-4000-8000-000000000001');
  });

  it("80 characters stay whole; the assistant is 'Assistant'", () => {
    show(card('y'.repeat(80), 'assistant'));
    expect(screen.getByRole('link')).toHaveTextContent(`Assistant : ${'y'.repeat(80)}`);
    expect(screen.getByRole('link').textContent).not.toContain('...');
  });
});
