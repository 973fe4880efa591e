import { invalidateReservationCounts, PageFrame, PageLoading, type Reservation, type ReservationStatus } from '@tablee/shared';
import { Button, Modal, Result } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { getReservation } from '../api/getReservation';
import { updateReservationStatus } from '../api/updateReservationStatus';
import type { Sheet } from '../format';
import { useSheetLinks } from '../hooks/useSheetLinks';
import { ReservationConversation } from './ReservationConversation';
import { ReservationInformation } from './ReservationInformation';
import { StatusBadge } from './StatusBadge';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; reservation: Reservation };

/** One reservation: accept or refuse while pending, the sheets once accepted or paid, its details and conversation. */
export function ReservationDetailPage() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const navigate = useNavigate();
  // Back to the list as it was left (filter, search, page), when we came from it.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  const listUrl = `/restaurants/${restaurantId}/operational/reservations${listSearch}`;
  const back = { to: listUrl, label: '← Retour aux réservations' };
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [updating, setUpdating] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const shown = load.state === 'ready' ? load.reservation : undefined;
  const sheets = useSheetLinks(shown?.numeroReservation, shown?.status);

  const fetchReservation = useCallback(async () => {
    if (!restaurantId) return setLoad({ state: 'error', message: 'ID du restaurant manquant' });
    if (!reservationId) return setLoad({ state: 'error', message: 'ID de réservation manquant' });
    try {
      const reservation = await getReservation(restaurantId, reservationId);
      setLoad(reservation ? { state: 'ready', reservation } : { state: 'error', message: 'Réservation non trouvée' });
    } catch {
      setLoad({ state: 'error', message: 'Erreur lors du chargement de la réservation' });
    }
  }, [restaurantId, reservationId]);
  useEffect(() => {
    setLoad({ state: 'loading' });
    void fetchReservation();
  }, [fetchReservation]);

  if (load.state === 'loading') {
    return (
      <PageFrame title={`Réservation ${reservationId}`} back={back}>
        <PageLoading label="Chargement de la réservation..." />
      </PageFrame>
    );
  }
  if (load.state === 'error') {
    return (
      <PageFrame title="Erreur" back={back}>
        <Result
          status="error"
          title={<h2 style={{ margin: 0, fontSize: 24 }}>Erreur</h2>}
          subTitle={load.message}
          extra={<Button type="primary" onClick={() => navigate(listUrl)}>Retour à la liste</Button>}
        />
      </PageFrame>
    );
  }

  const reservation = load.reservation;
  const changeStatus = async (target: ReservationStatus) => {
    setUpdating(true);
    try {
      await updateReservationStatus(reservation, target);
      invalidateReservationCounts();
      const reloaded = await getReservation(restaurantId, reservationId).catch(() => null);
      // Reloaded from the database; if that read gives nothing, show the chosen status.
      setLoad({ state: 'ready', reservation: reloaded ?? { ...reservation, status: target } });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Erreur inconnue';
      modal.error({ title: 'Erreur', content: `Erreur lors de la mise à jour du statut: ${message}`, okText: 'OK' });
    } finally {
      setUpdating(false);
    }
  };
  const confirmRefusal = () =>
    modal.confirm({
      title: 'Refuser cette réservation ?',
      content: 'Êtes-vous sûr de vouloir refuser cette réservation ? Le client en sera informé par email.',
      okText: 'Refuser',
      okButtonProps: { danger: true },
      cancelText: 'Annuler',
      onOk: () => void changeStatus('rejected'),
    });
  const openSheet = (sheet: Sheet) => {
    if (sheets.state === 'ready') window.open(sheets.links[sheet], '_blank', 'noopener');
    else if (sheets.state === 'error') modal.error({ title: 'Erreur', content: `Fiche indisponible : ${sheets.message}`, okText: 'OK' });
  };
  const sheetLoading = sheets.state === 'loading';

  const label = (text: string) => (updating ? 'Mise à jour...' : text);
  const actions =
    reservation.status === 'pending' ? (
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="primary" disabled={updating} onClick={() => void changeStatus('accepted')}>
          {label('Accepter')}
        </Button>
        <Button danger disabled={updating} onClick={confirmRefusal}>
          {label('Refuser')}
        </Button>
      </div>
    ) : reservation.status === 'accepted' || reservation.status === 'paid' ? (
      <div style={{ display: 'flex', gap: 8 }}>
        <Button loading={sheetLoading} disabled={sheetLoading} onClick={() => openSheet('feuille-cuisine')}>Feuille cuisine</Button>
        <Button loading={sheetLoading} disabled={sheetLoading} onClick={() => openSheet('feuille-salle')}>Feuille salle</Button>
      </div>
    ) : undefined;

  return (
    <PageFrame
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          Réservation {reservation.id} <StatusBadge status={reservation.status} />
        </span>
      }
      back={back}
      actions={actions}
    >
      {modalHolder}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16, alignItems: 'start' }}>
        <ReservationInformation reservation={reservation} />
        <ReservationConversation messages={reservation.conversation} />
      </div>
    </PageFrame>
  );
}
