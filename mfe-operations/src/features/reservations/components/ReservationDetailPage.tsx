import { acceptanceCheckQueryOptions, cancellationPolicyQueryOptions, conversationPathOf, restaurantPeopleQueryOptions } from '@tablee/operations-data';
import { formatLongDate, formatTime, PageFrame, PageLoading, Toast, useToast } from '@tablee/shared';
import { hasSheets, isUuid, type DecisionIntentState, type ReservationStatus, acceptanceSummary, acceptanceWarnings } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useReservation } from '../api/getReservation';
import { useUpdateReservationStatus, type DecisionReason } from '../api/updateReservationStatus';
import { canMarkNoShow, customerNotice, decisionToast, isPastPending, type Sheet } from '../format';
import { useSheetLinks } from '../hooks/useSheetLinks';
import { CustomerMessage } from './CustomerMessage';
import { EditReservationModal, MODIFIABLE } from './EditReservationModal';
import { ReservationConversation } from './ReservationConversation';
import { ReasonModal } from './ReasonModal';
import { ReservationGuests } from './ReservationGuests';
import { ReservationHistory } from './ReservationHistory';
import { ReservationInformation } from './ReservationInformation';
import { ReservationStatusTags } from './StatusBadge';
import { NoShowFeeButton } from './NoShowFeeButton';
import { OnlinePayments } from './OnlinePayments';
import { CustomerHintBanner } from './CustomerHintBanner';
import { ADVANCE_NATURES, DEFAULT_ADVANCE_NATURE } from '@tablee/domain/payments';

/** One reservation: accept or refuse while pending, the sheets once accepted or paid, its details and conversation. */
export function ReservationDetailPage() {
  const { restaurantId = '', numero = '' } = useParams();
  const navigate = useNavigate();
  // Back to the list as it was left (filter, search, page), when we came from it; 'created': a booking just taken (Nouvelle réservation);
  // 'decide': a decision tapped on the light page of an alert's link, before this screen took over.
  const location = useLocation();
  const { listSearch = '', created, decide } = (location.state as ({ listSearch?: string; created?: string } & Partial<DecisionIntentState>) | null) ?? {};
  const [editing, setEditing] = useState(false);
  const listUrl = `/restaurants/${restaurantId}/operational/reservations${listSearch}`;
  const back = { to: listUrl, label: '← Retour aux réservations' };
  const query = useReservation(restaurantId, numero);
  // Who decided, by address: asked with the reservation, not after it.
  const people = useQuery(restaurantPeopleQueryOptions(restaurantId));
  const statusChange = useUpdateReservationStatus(restaurantId);
  const [modal, modalHolder] = Modal.useModal();
  const { toast, showToast, closeToast } = useToast();
  // Which reservation the toast speaks of: shown on that one only. Another reservation (the same page
  // with another number, or opened again while the stored toast is fresh) does not show it.
  const [toastOf, setToastOf] = useState<string | null>(null);
  // Which reason dialog, and whether it is open: apart, so that a closing dialog keeps its texts.
  const [reasonKind, setReasonKind] = useState<'refuse' | 'cancel'>('refuse');
  const [reasonOpen, setReasonOpen] = useState(false);
  const askReason = (kind: 'refuse' | 'cancel') => {
    setReasonKind(kind);
    setReasonOpen(true);
  };
  const shown = query.data ?? undefined;
  const sheets = useSheetLinks(restaurantId, shown?.numeroReservation, shown?.status);
  // Before accepting: the service's covers once accepted, and what the plan warns of.
  // Asked with the reservation (same address), shown while it is pending.
  const checkQuery = useQuery({ ...acceptanceCheckQueryOptions(restaurantId, numero), enabled: isUuid(restaurantId) && !!numero });
  const check = checkQuery.data ?? null;
  // A paid reservation's cancel dialog shows the CGV's cancellation policy beside the acompte's choice; the buttons and the
  // history name what is paid in advance in the CGV's word (arrhes unless they say acompte).
  // Read only where the word shows: an accepted one (the button), a paid one, or a history that says what was paid.
  const needsWord = !!shown && (shown.status === 'accepted' || shown.status === 'paid' || shown.history.some((e) => e.to === 'paid' || e.deposit !== null));
  const terms = useQuery({ ...cancellationPolicyQueryOptions(restaurantId), enabled: isUuid(restaurantId) && needsWord }).data ?? null;
  const nature = terms?.nature ?? DEFAULT_ADVANCE_NATURE;

  const errorMessage = !restaurantId
    ? 'ID du restaurant manquant'
    : !numero
      ? 'ID de réservation manquant'
      : query.isError && query.data === undefined
        ? 'Erreur lors du chargement de la réservation'
        : query.data === null
          ? 'Réservation non trouvée'
          : undefined;
  if (errorMessage) {
    return (
      <PageFrame title="Erreur" back={back}>
        <Result
          status="error"
          title={<h2 style={{ margin: 0, fontSize: 24 }}>Erreur</h2>}
          subTitle={errorMessage}
          extra={
            <Button type="primary" onClick={() => navigate(listUrl)}>
              Retour à la liste
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (!shown) {
    return (
      <PageFrame title={`Réservation ${numero}`} back={back}>
        <PageLoading label="Chargement de la réservation..." />
      </PageFrame>
    );
  }

  const reservation = shown;
  const updating = statusChange.isPending;
  const changeStatus = (target: ReservationStatus, why?: DecisionReason) =>
    statusChange.mutate(
      { reservation, target, why },
      {
        // The service's French sentence ('Réservation acceptée. …'): whether the customer will be e-mailed,
        // and when not (no or no valid address), that the owner must tell them.
        onSuccess: (answer) => {
          setReasonOpen(false);
          // A no-show is the restaurant's record: nobody is e-mailed, as the confirmation said.
          if (answer.email_queued || target === 'no_show') {
            setToastOf(numero);
            showToast('success', decisionToast(reservation.numero, answer.message));
          } else modal.warning({ title: 'Client non prévenu par email', content: answer.message, okText: 'OK' });
        },
        onError: (error) => {
          const message = error instanceof Error && error.message ? error.message : 'Erreur inconnue';
          modal.error({ title: 'Erreur', content: `Erreur lors de la mise à jour du statut: ${message}`, okText: 'OK' });
        },
      },
    );
  // Whether the customer will hear of it: said before the decision, not promised.
  const { emailed, text: notice } = customerNotice(reservation);
  const decisionsAhead = reservation.status === 'pending' || hasSheets(reservation.status);
  const confirmPaid = () =>
    modal.confirm({
      title: nature === 'arrhes' ? 'Marquer les arrhes comme reçues ?' : 'Marquer l’acompte comme reçu ?',
      content: `La réservation passe à « Payée ». ${notice}`,
      okText: ADVANCE_NATURES[nature].received,
      cancelText: 'Retour',
      onOk: () => changeStatus('paid'),
    });
  const confirmNoShow = () =>
    modal.confirm({
      title: 'Marquer le client « Non présenté » ?',
      content: `Le groupe attendu le ${formatLongDate(reservation.reservationDate)}${reservation.arrivalTime ? ` à ${formatTime(reservation.arrivalTime)}` : ''} n’est pas venu : la réservation passe à « Non présenté » (le client n’est pas prévenu).`,
      okText: 'Non présenté',
      okButtonProps: { danger: true },
      cancelText: 'Retour',
      onOk: () => changeStatus('no_show'),
    });
  const planWarnings = reservation.status === 'pending' && check ? acceptanceWarnings(check) : [];
  // A request whose date is gone, or that the plan warns of, is accepted only once the owner has read why.
  const accept = () =>
    isPastPending(reservation)
      ? modal.confirm({
          title: 'Accepter une demande dont la date est passée ?',
          content: `Cette demande porte sur le ${formatLongDate(reservation.reservationDate)}, une date déjà passée. Le client recevra une confirmation pour cette date.`,
          okText: 'Accepter quand même',
          cancelText: 'Annuler',
          onOk: () => changeStatus('accepted'),
        })
      : planWarnings.length > 0
        ? modal.confirm({
            title: 'Accepter malgré le planning ?',
            content: (
              <div>
                {planWarnings.map((warning) => (
                  <p key={warning}>{warning}</p>
                ))}
              </div>
            ),
            okText: 'Accepter quand même',
            cancelText: 'Annuler',
            onOk: () => changeStatus('accepted'),
          })
        : changeStatus('accepted');
  const openSheet = (sheet: Sheet) => {
    if (sheets.state === 'ready') window.open(sheets.links[sheet], '_blank', 'noopener');
    else if (sheets.state === 'error') modal.error({ title: 'Erreur', content: `Feuille indisponible : ${sheets.message}`, okText: 'OK' });
  };
  const sheetLoading = sheets.state === 'loading';

  const label = (text: string) => (updating ? 'Mise à jour...' : text);
  const modifiable = (MODIFIABLE as readonly string[]).includes(reservation.status);
  const modifyButton = modifiable && (
    <Button disabled={updating} onClick={() => setEditing(true)}>
      Modifier
    </Button>
  );
  const actions =
    reservation.status === 'pending' ? (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="primary" disabled={updating} onClick={accept}>
          {label('Accepter')}
        </Button>
        <Button danger disabled={updating} onClick={() => askReason('refuse')}>
          {label('Refuser')}
        </Button>
        {modifyButton}
      </div>
    ) : hasSheets(reservation.status) ? (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {reservation.status === 'accepted' && (
          <Button type="primary" disabled={updating} onClick={confirmPaid}>
            {label(ADVANCE_NATURES[nature].received)}
          </Button>
        )}
        {modifyButton}
        <Button loading={sheetLoading} disabled={sheetLoading} onClick={() => openSheet('feuille-cuisine')}>
          Feuille cuisine
        </Button>
        <Button loading={sheetLoading} disabled={sheetLoading} onClick={() => openSheet('feuille-salle')}>
          Feuille salle
        </Button>
        {canMarkNoShow(reservation) && (
          <Button disabled={updating} onClick={confirmNoShow}>
            {label('Non présenté')}
          </Button>
        )}
        <Button danger disabled={updating} onClick={() => askReason('cancel')}>
          {label('Annuler la réservation')}
        </Button>
      </div>
    ) : reservation.status === 'no_show' ? (
      <NoShowFeeButton
        reservation={reservation}
        onDone={(type, message) => {
          setToastOf(numero);
          showToast(type, message);
        }}
      />
    ) : undefined;

  return (
    <PageFrame
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          Réservation {reservation.numero} <ReservationStatusTags reservation={reservation} />
        </span>
      }
      back={back}
      actions={actions}
    >
      {modalHolder}
      {decide && (reservation.status !== 'pending' || !checkQuery.isPending) && (
        <DecideOnArrival
          onDecide={() => {
            // Once: the address keeps its other state, without the decision. Decided meanwhile elsewhere: nothing to do.
            navigate(`${location.pathname}${location.search}`, { replace: true, state: { listSearch, created } });
            if (reservation.status !== 'pending') return;
            if (decide === 'accept') accept();
            else askReason('refuse');
          }}
        />
      )}
      <Toast toast={toastOf === numero ? toast : null} onClose={closeToast} />
      {created && <Alert type="success" showIcon title={created} style={{ marginBottom: 16 }} />}
      {editing && (
        <EditReservationModal
          reservation={reservation}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={(answer) => {
            setEditing(false);
            setToastOf(numero);
            showToast('success', `Réservation ${reservation.numero} modifiée.${answer.customer_notified ? ' Le client recevra les nouvelles informations par email.' : ''}`);
          }}
        />
      )}
      <ReasonModal
        kind={reasonKind}
        open={reasonOpen}
        notice={notice}
        busy={updating}
        deposit={reservation.status === 'paid' ? { receivedCents: reservation.amountReceivedCents ?? Math.round(reservation.totalAmount * 100), policy: terms?.policy ?? null, nature } : null}
        onConfirm={(why) => changeStatus(reasonKind === 'cancel' ? 'cancelled' : 'rejected', why)}
        onClose={() => setReasonOpen(false)}
      />
      {reservation.status === 'pending' && check && (
        <Alert
          type={planWarnings.length ? 'warning' : 'info'}
          showIcon
          data-testid="acceptance-check"
          title={acceptanceSummary(check)}
          description={planWarnings.length ? planWarnings.map((warning) => <div key={warning}>{warning}</div>) : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <CustomerHintBanner restaurantId={restaurantId} reservationId={reservation.id} />
      {decisionsAhead && !emailed && <Alert type="warning" showIcon title="Client non prévenu par email" description={notice} style={{ marginBottom: 16 }} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16, alignItems: 'start' }}>
        <div style={{ display: 'grid', gap: 16 }}>
          <ReservationInformation reservation={reservation} />
          <ReservationGuests restaurantId={restaurantId} numero={numero} people={reservation.numberPeople + reservation.children} />
          <OnlinePayments online={reservation.online} />
          {reservation.customerMessage && <CustomerMessage message={reservation.customerMessage} />}
          <ReservationHistory history={reservation.history} notifications={reservation.notifications} people={people.data} nature={nature} />
        </div>
        <ReservationConversation messages={reservation.conversation} path={reservation.conversationId ? conversationPathOf(restaurantId, reservation.conversationId) : undefined} />
      </div>
    </PageFrame>
  );
}

/**
 * Carries out, once mounted, the decision asked on the light page (Accepter, Refuser) as if tapped here:
 * mounted once the acceptance check is read, so that 'Accepter' asks for its confirmations as a tap would.
 */
function DecideOnArrival({ onDecide }: { onDecide: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onDecide();
  }, [onDecide]);
  return null;
}
