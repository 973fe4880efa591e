/**
 * A customer of the guest book, /restaurants/{id}/operational/clients/{customerId}: who they are, their
 * figures, the allergies and diets seen, the source of their first request, their reservations and
 * conversations (each opening its own page), and the owner's private notes, tags and company. Members
 * merge two entries of one person or split one; owners export everything held about them or erase them.
 */
import { CHANNEL_LABELS, conversationPathOf, customerDetailQueryOptions, customersPathOf, requestPathOf, restaurantPrivacyQueryOptions } from '@tablee/operations-data';
import { formatDate, formatDateTime, formatTime, PageError, PageFrame, PageLoading, Toast, useToast } from '@tablee/shared';
import { isUuid, myRoleQuery, RESERVATION_SOURCE_LABELS, RESERVATION_STATUS_BADGES, type CustomerDetail, type CustomerReservation, type MemberRole } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { customerErrorMessage, useEraseCustomer, useExportCustomer, useForgetCustomer } from '../api/customers';
import { ALLERGY_TAG_STYLE, CARD_STYLES, formatCents, formatCustomerPhone, formatLastVisit, formatVisits, TAG_STYLE } from '../format';
import { CustomerNotesForm } from './CustomerNotesForm';
import { MergeModal, SplitModal } from './MergeSplit';

/** A status as the reservation screens colour it ('En attente', 'Acceptée', …). */
function StatusTag({ status }: { status: CustomerReservation['status'] }) {
  const badge = RESERVATION_STATUS_BADGES[status];
  return (
    <Tag data-status={status} style={{ marginInlineEnd: 0, color: badge.color, background: badge.background, borderColor: badge.color }}>
      {badge.label}
    </Tag>
  );
}

export function CustomerDetailPage() {
  const { restaurantId = '', customerId = '' } = useParams();
  const valid = isUuid(restaurantId) && isUuid(customerId);
  const query = useQuery({ ...customerDetailQueryOptions(restaurantId, customerId), enabled: valid });
  const role = useQuery({ ...myRoleQuery(restaurantId), enabled: valid });
  const back = { to: customersPathOf(restaurantId), label: '← Retour aux clients' };
  const { toast, showToast, closeToast } = useToast();

  if (!valid || query.data === null)
    return (
      <PageFrame title="Client" back={back}>
        <PageError title="Client non trouvé" message="Ce client n’existe pas ou n’appartient pas à ce restaurant." />
      </PageFrame>
    );
  if (query.isError && !query.data)
    return (
      <PageFrame title="Client" back={back}>
        <PageError message="Erreur lors du chargement du client" onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  if (!query.data)
    return (
      <PageFrame title="Client" back={back}>
        <PageLoading label="Chargement du client..." />
      </PageFrame>
    );
  return <Customer restaurantId={restaurantId} customer={query.data} role={role.data} back={back} toast={<Toast toast={toast} onClose={closeToast} />} showToast={showToast} />;
}

function Customer({
  restaurantId,
  customer,
  role,
  back,
  toast,
  showToast,
}: {
  restaurantId: string;
  customer: CustomerDetail;
  role: MemberRole | null | undefined;
  back: { to: string; label: string };
  toast: React.ReactNode;
  showToast: ReturnType<typeof useToast>['showToast'];
}) {
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [merging, setMerging] = useState(false);
  const [splitting, setSplitting] = useState(false);
  // The figures and allergies as SQL stores and lists them (customer_detail): one definition.
  const { figures, allergies } = customer;
  const name = customer.displayName || 'Sans nom';

  const actions = (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => setMerging(true)}>Fusionner avec…</Button>
      <Button onClick={() => setSplitting(true)} disabled={customer.reservations.length < 2}>
        Séparer…
      </Button>
      {role && role !== 'owner' && (
        <Typography.Text type="secondary" data-testid="owner-only-note" style={{ alignSelf: 'center' }}>
          L’export et l’effacement sont réservés aux propriétaires.
        </Typography.Text>
      )}
      {role === 'owner' && <OwnerActions restaurantId={restaurantId} customer={customer} modal={modal} showToast={showToast} onErased={() => navigate(customersPathOf(restaurantId))} />}
    </div>
  );

  const reservationColumns: ColumnsType<CustomerReservation> = [
    {
      title: 'Réservation',
      dataIndex: 'numero',
      render: (numero: string) => <Link to={requestPathOf(restaurantId, numero)}>{numero}</Link>,
    },
    { title: 'Statut', dataIndex: 'status', render: (_, r) => <StatusTag status={r.status} /> },
    { title: 'Date', key: 'date', render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatDate(r.reservationDate)}${r.arrivalTime ? ` ${formatTime(r.arrivalTime)}` : ''}`}</span> },
    { title: 'Couverts', dataIndex: 'covers' },
    {
      title: 'Montant',
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatCents(r.totalCents)}
          {r.receivedCents ? <Typography.Text type="secondary">{` (reçu ${formatCents(r.receivedCents)})`}</Typography.Text> : null}
        </span>
      ),
    },
    { title: 'Origine', dataIndex: 'source', responsive: ['md'], render: (source: CustomerReservation['source']) => RESERVATION_SOURCE_LABELS[source] },
  ];

  return (
    <PageFrame
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          {name}
          {customer.tags.map((tag) => (
            <Tag key={tag} style={{ ...TAG_STYLE, fontSize: 14 }}>
              {tag}
            </Tag>
          ))}
        </span>
      }
      subtitle={customer.company ?? undefined}
      back={back}
      actions={actions}
    >
      {modalHolder}
      {toast}
      {allergies.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="Allergies et régimes signalés"
          description={
            <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="customer-allergies">
              {allergies.map((d) => (
                <Tag key={d} style={ALLERGY_TAG_STYLE}>
                  {d}
                </Tag>
              ))}
            </span>
          }
        />
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: 16, alignItems: 'start' }}>
        <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>Identité</h2>}>
          <Descriptions
            column={1}
            size="small"
            styles={{ label: { color: '#595959' } }}
            items={[
              { key: 'email', label: 'E-mail', children: customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—' },
              { key: 'phone', label: 'Téléphone', children: customer.phoneE164 ? <a href={`tel:${customer.phoneE164}`}>{formatCustomerPhone(customer.phoneE164)}</a> : '—' },
              { key: 'company', label: 'Entreprise', children: customer.company || '—' },
              { key: 'source', label: 'Première demande', children: figures.firstSource ? RESERVATION_SOURCE_LABELS[figures.firstSource] : '—' },
              { key: 'first', label: 'Client depuis le', children: formatDate(customer.firstSeenAt) },
              { key: 'last', label: 'Dernier contact', children: formatDateTime(customer.lastContactAt) },
            ]}
          />
        </Card>
        <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>En chiffres</h2>}>
          <Descriptions
            column={1}
            size="small"
            styles={{ label: { color: '#595959' } }}
            data-testid="customer-figures"
            items={[
              { key: 'visits', label: 'Visites', children: formatVisits(figures.visits, figures.covers) },
              { key: 'spent', label: 'Dépensé', children: formatCents(figures.spentCents) },
              { key: 'last', label: 'Dernière visite', children: formatLastVisit(figures.lastVisit) },
              { key: 'noshows', label: 'Non présenté', children: figures.noShows },
              { key: 'cancellations', label: 'Annulations', children: figures.cancellations },
            ]}
          />
        </Card>
      </div>
      <Card styles={{ ...CARD_STYLES, body: { padding: 0 } }} title={<h2 style={{ margin: 0, fontSize: 16 }}>Réservations ({customer.reservations.length})</h2>}>
        <Table<CustomerReservation>
          rowKey="id"
          size="small"
          columns={reservationColumns}
          dataSource={customer.reservations}
          pagination={false}
          locale={{ emptyText: 'Aucune réservation' }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: 16, alignItems: 'start' }}>
        <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>Conversations ({customer.conversations.length})</h2>}>
          {customer.conversations.length === 0 ? (
            <Typography.Text type="secondary">Aucune conversation</Typography.Text>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 18, display: 'grid', gap: 4 }}>
              {customer.conversations.map((c) => (
                <li key={c.id}>
                  <Link to={conversationPathOf(restaurantId, c.id)}>
                    {CHANNEL_LABELS[c.channel as keyof typeof CHANNEL_LABELS] ?? 'Conversation'} — commencée le {formatDateTime(c.createdAt)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>Notes privées</h2>}>
          <CustomerNotesForm key={customer.id} restaurantId={restaurantId} customer={customer} showToast={showToast} />
        </Card>
      </div>
      {merging && (
        <MergeModal
          restaurantId={restaurantId}
          customer={customer}
          onClose={() => setMerging(false)}
          onDone={(message) => {
            setMerging(false);
            showToast('success', message);
          }}
        />
      )}
      {splitting && (
        <SplitModal
          restaurantId={restaurantId}
          customer={customer}
          onClose={() => setSplitting(false)}
          onDone={(message) => {
            setSplitting(false);
            showToast('success', message);
          }}
        />
      )}
    </PageFrame>
  );
}

function OwnerActions({
  restaurantId,
  customer,
  modal,
  showToast,
  onErased,
}: {
  restaurantId: string;
  customer: CustomerDetail;
  modal: ReturnType<typeof Modal.useModal>[0];
  showToast: ReturnType<typeof useToast>['showToast'];
  onErased: () => void;
}) {
  const restaurant = useQuery(restaurantPrivacyQueryOptions(restaurantId));
  const exporting = useExportCustomer(restaurantId, customer.id);
  const erasing = useEraseCustomer(restaurantId);
  const forget = useForgetCustomer(restaurantId);
  const name = customer.displayName || 'Sans nom';
  const confirmErase = () =>
    modal.confirm({
      title: `Effacer ${name} ?`,
      content: (
        <div>
          <p>
            Les données personnelles de ce client seront supprimées partout : nom, e-mail, téléphone, notes, étiquettes, allergies et régimes, ses conversations et les messages qui lui ont été
            envoyés.
          </p>
          <p>Ses réservations restent pour la comptabilité, sans rien qui l’identifie : dates, couverts et montants sont conservés, le nom devient « Client effacé ».</p>
          <p style={{ marginBottom: 0 }}>
            <strong>Cette action est irréversible.</strong>
          </p>
        </div>
      ),
      okText: 'Effacer définitivement',
      okButtonProps: { danger: true },
      cancelText: 'Annuler',
      onOk: () =>
        erasing.mutateAsync(customer.id).then(
          () => {
            showToast('success', 'Client effacé');
            onErased();
            forget(customer.id);
          },
          (error: unknown) => {
            showToast('error', customerErrorMessage(error, 'L’effacement a échoué. Réessayez.'));
          },
        ),
    });
  return (
    <>
      <Button
        loading={exporting.isPending}
        onClick={() =>
          exporting.mutate(
            { customerName: name, restaurantName: restaurant.data?.name ?? 'le restaurant' },
            { onSuccess: () => showToast('success', 'Données exportées'), onError: (error) => showToast('error', customerErrorMessage(error, 'L’export n’a pas pu être créé. Réessayez.')) },
          )
        }
      >
        Exporter les données
      </Button>
      <Button danger loading={erasing.isPending} onClick={confirmErase}>
        Effacer ce client
      </Button>
    </>
  );
}
