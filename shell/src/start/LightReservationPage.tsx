/**
 * A reservation as the owner's alerts link to it, drawn without antd while the full application loads
 * (start/reservation.tsx): its number and status, the allergies first, what the group asks for, and,
 * while it is pending, 'Accepter' and 'Refuser'. Those ask the full application's reservation screen,
 * which takes over in the same page, to carry the decision out (its confirmations, the refusal's
 * dialog): one place for the rules of a decision.
 */
import { formatEuros, formatLongDate, formatTime } from '@tablee/shared/core';
import { reservationBadge, type DecisionIntentState } from '@tablee/domain';
import type { ReservationDetailQuery } from '@tablee/operations-data/reservation-read';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LightQueryState } from './LightScreenStates';

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export function LightReservationPage({
  query: reservationQuery,
  restaurantId,
  onShown,
  onDecide,
  onMissing,
}: {
  /** The reservation's query (its key is the full screen's, which finds the answer in the cache). */
  query: ReservationDetailQuery;
  restaurantId: string;
  onShown: () => void;
  onDecide: (decide: DecisionIntentState['decide']) => void;
  onMissing: () => void;
}) {
  const query = useQuery(reservationQuery);
  const [asked, setAsked] = useState<DecisionIntentState['decide']>();
  const shown = query.data != null;
  useEffect(() => {
    if (shown) onShown();
    // Not found, not theirs, or not read (a session refused): the full application's screen says so, with its own 'Réessayer'.
    else if (query.data === null || query.isError) onMissing();
  }, [shown, query.data, query.isError, onShown, onMissing]);
  const decide = (decision: DecisionIntentState['decide']) => {
    setAsked(decision);
    onDecide(decision);
  };
  return (
    <section className="tl-page">
      {/* A plain link: no router runs here (the full application, which has one, takes over within seconds). */}
      <a href={`/restaurants/${encodeURIComponent(restaurantId)}/operational/reservations`}>← Retour aux réservations</a>
      <LightQueryState query={query} errorMessage="Erreur lors du chargement de la réservation">
        {(r) =>
          r && (
            <>
              <header className="tl-page-header">
                <h1 className="tl-h1" style={{ display: 'inline-flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
                  Réservation {r.numero}
                  <StatusTag badge={reservationBadge(r)} />
                </h1>
                {r.status === 'pending' && (
                  <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                    <button type="button" className="tl-btn tl-btn-primary" disabled={!!asked} aria-busy={asked === 'accept' || undefined} onClick={() => decide('accept')}>
                      {asked === 'accept' && <span className="tl-spin tl-spin-sm" aria-hidden="true" />}
                      Accepter
                    </button>
                    <button type="button" className="tl-btn tl-btn-danger" disabled={!!asked} aria-busy={asked === 'refuse' || undefined} onClick={() => decide('refuse')}>
                      {asked === 'refuse' && <span className="tl-spin tl-spin-sm" aria-hidden="true" />}
                      Refuser
                    </button>
                  </div>
                )}
              </header>
              <div className="tl-card">
                <dl className="tl-card-body" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: 0 }}>
                  {/* Where a decision is taken, the allergies come first, in red. */}
                  <dt style={{ color: '#595959' }}>Allergies et régimes</dt>
                  <dd style={{ margin: 0 }}>{r.dietaryNotes ? <strong style={{ color: '#a8071a', whiteSpace: 'pre-wrap' }}>{r.dietaryNotes}</strong> : 'Aucune signalée'}</dd>
                  <dt style={{ color: '#595959' }}>Client</dt>
                  <dd style={{ margin: 0 }}>{r.customerName}</dd>
                  <dt style={{ color: '#595959' }}>Date de réservation</dt>
                  <dd style={{ margin: 0 }}>{formatLongDate(r.reservationDate)}</dd>
                  <dt style={{ color: '#595959' }}>Heure d'arrivée</dt>
                  <dd style={{ margin: 0 }}>{r.arrivalTime ? formatTime(r.arrivalTime) : '—'}</dd>
                  <dt style={{ color: '#595959' }}>Nombre de personnes</dt>
                  <dd style={{ margin: 0 }}>{r.children > 0 ? `${plural(r.numberPeople, 'adulte')} + ${plural(r.children, 'enfant')}` : plural(r.numberPeople, 'adulte')}</dd>
                  <dt style={{ color: '#595959' }}>Menu choisi</dt>
                  <dd style={{ margin: 0 }}>{r.selectedMenu || '—'}</dd>
                  <dt style={{ color: '#595959' }}>Montant total</dt>
                  <dd style={{ margin: 0 }}>{formatEuros(r.totalAmount)}</dd>
                </dl>
              </div>
              {r.customerMessage && (
                <div className="tl-card">
                  <div className="tl-card-body">
                    <h2 className="tl-h2" style={{ fontSize: 16, marginBottom: 8 }}>
                      Message du client
                    </h2>
                    <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{r.customerMessage}</p>
                  </div>
                </div>
              )}
            </>
          )
        }
      </LightQueryState>
    </section>
  );
}

/** antd's Tag with the status' colours (.tl-tag in index.html), as the full screen's StatusBadge. */
function StatusTag({ badge }: { badge: { label: string; color: string; background: string } }) {
  return (
    <span className="tl-tag" style={{ fontSize: 12, fontWeight: 400, color: badge.color, background: badge.background, borderColor: badge.color }}>
      {badge.label}
    </span>
  );
}
