import {
  PageOutOfRangeError,
  RESERVATIONS_PAGE_SIZE,
  reservationListQuery,
  SERVICE_LABELS,
  SEARCH_MAX_LENGTH,
  useReservationCounts,
  type ReservationCounts,
  type ReservationListParams,
  type ReservationPage,
  type Service,
} from '@tablee/operations-data';
import { formatDate, formatTime, PageError, PageFrame, PageLoading, QueryState } from '@tablee/shared';
import { isUuid, restaurantPath, RESERVATION_FILTER_LABELS, RESERVATION_FILTERS, RESERVATION_SOURCE_LABELS, RESERVATION_STATUS_BADGES, type Reservation } from '@tablee/domain';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { Alert, Button, DatePicker, Grid, Input, Pagination, Radio, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useExportReservations } from '../api/exportReservations';
import { useReservationPage } from '../api/listReservations';
import { formatPeople } from '../format';
import { useReservationListParams } from '../hooks/useReservationListParams';
import { ReservationCards } from './ReservationCards';
import { ReservationStatusTags } from './StatusBadge';

const SEARCH_DELAY_MS = 300;

const TITLE = 'Réservations';
const SUBTITLE = 'Liste des demandes de réservation pour votre établissement';

/** Reservation list: status filter with counts, name search, date range, pages — all in the database. */
export function ReservationsPage() {
  const { restaurantId = '' } = useParams();
  const validId = isUuid(restaurantId);
  const { params, update } = useReservationListParams();
  const counts = useReservationCounts(validId ? restaurantId : undefined);

  // The query the shell already started from the same address, if it did (same function, same key).
  const query = useMemo(() => reservationListQuery(restaurantId, params), [restaurantId, params]);
  const state = useReservationPage(query);
  const outOfRange = state.error instanceof PageOutOfRangeError;

  // A page beyond the last one (an old link, a list that shrank) shows the first page.
  useEffect(() => {
    if (outOfRange) update({ page: 1 }, { replace: true });
  }, [outOfRange, update]);

  // The search box writes to the URL once typing pauses; the URL (back button) writes back to the box,
  // while rendering the new address rather than in an effect that would render it twice.
  const [searchText, setSearchText] = useState(params.search);
  const [searchInUrl, setSearchInUrl] = useState(params.search);
  if (searchInUrl !== params.search) {
    setSearchInUrl(params.search);
    if (searchText.trim() !== params.search) setSearchText(params.search);
  }
  useEffect(() => {
    if (searchText.trim() === params.search) return;
    const timer = setTimeout(() => update({ search: searchText }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, params.search, update]);

  if (!restaurantId)
    return (
      <Frame>
        <PageError message="ID du restaurant manquant" />
      </Frame>
    );
  if (!validId)
    return (
      <Frame>
        <PageError message="Restaurant ID vide ou invalide" />
      </Frame>
    );
  const loadingLabel = 'Chargement des réservations...';
  if (outOfRange)
    return (
      <Frame>
        <PageLoading label={loadingLabel} />
      </Frame>
    );
  return (
    <Frame>
      <QueryState query={state} errorMessage="Erreur lors du chargement des réservations" loadingLabel={loadingLabel}>
        {(page) => <ReservationList page={page} loading={state.isPlaceholderData} counts={counts} params={params} update={update} searchText={searchText} setSearchText={setSearchText} />}
      </QueryState>
    </Frame>
  );
}

/** The filters and the table of one page (kept on screen, with the table's spinner, while the next one loads). */
function ReservationList({
  page,
  loading,
  counts,
  params,
  update,
  searchText,
  setSearchText,
}: {
  page: ReservationPage;
  loading: boolean;
  counts: ReservationCounts | null;
  params: ReservationListParams;
  update: ReturnType<typeof useReservationListParams>['update'];
  searchText: string;
  setSearchText: (text: string) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // Below antd's md breakpoint (768 px) the rows become cards: six columns do not fit a phone. Only
  // on a screen known to be small (xs or sm matched): without media queries it stays the table.
  const screens = Grid.useBreakpoint();
  const phone = !screens.md && !!(screens.xs || screens.sm);

  const openDetail = (reservation: Reservation) => navigate(encodeURIComponent(reservation.numero), { state: { listSearch: location.search } });
  const columns: ColumnsType<Reservation> = [
    {
      title: 'Réservation',
      dataIndex: 'numero',
      render: (numero: string) => (
        <Link to={encodeURIComponent(numero)} state={{ listSearch: location.search }} onClick={(e) => e.stopPropagation()}>
          {numero}
        </Link>
      ),
    },
    { title: 'Client', dataIndex: 'customerName' },
    { title: 'Origine', dataIndex: 'source', render: (source: Reservation['source']) => RESERVATION_SOURCE_LABELS[source] },
    { title: 'Date', dataIndex: 'reservationDate', render: (d: string) => formatDate(d) },
    { title: 'Heure', dataIndex: 'arrivalTime', render: (t: string) => (t ? formatTime(t) : '') },
    { title: 'Personnes', key: 'people', render: (_, r) => formatPeople(r.numberPeople, r.children) },
    { title: 'Statut', dataIndex: 'status', render: (_, r) => <ReservationStatusTags reservation={r} /> },
  ];

  const anyFilter = params.status !== 'all' || !!params.search || !!params.dateFrom || !!params.dateTo || !!params.service || !!statisticsFilter(params);
  const emptyText =
    !anyFilter || params.status === 'all'
      ? 'Aucune réservation trouvée'
      : params.status === 'no_show'
        ? 'Aucun client non présenté'
        : `Aucune réservation ${RESERVATION_STATUS_BADGES[params.status].label.toLowerCase()}`;

  const statusOptions = RESERVATION_FILTERS.map((filter) => ({
    value: filter,
    label: counts ? `${RESERVATION_FILTER_LABELS[filter]} (${counts[filter]})` : RESERVATION_FILTER_LABELS[filter],
  }));

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Button
          type={params.order === 'due' ? 'primary' : 'default'}
          aria-pressed={params.order === 'due'}
          onClick={() => update(params.order === 'due' ? { order: undefined } : { status: 'pending', order: 'due' })}
        >
          À traiter{counts ? ` (${counts.pending}${counts.late ? `, dont ${counts.late} en retard` : ''})` : ''}
        </Button>
        <Typography.Text type="secondary">Les demandes en attente, la plus ancienne échéance d’abord : les retards en tête.</Typography.Text>
      </div>
      {/* Seven statuses wrap into three rows of buttons on a phone, pushing the list below the first screen: a select there. */}
      {phone ? (
        <Select<ReservationListParams['status']>
          aria-label="Filtrer par statut"
          value={params.status}
          onChange={(status) => update({ status })}
          options={statusOptions}
          style={{ width: '100%' }}
        />
      ) : (
        <Radio.Group
          aria-label="Filtrer par statut"
          optionType="button"
          value={params.status}
          onChange={(e) => update({ status: e.target.value })}
          options={statusOptions}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        />
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <Input.Search
          aria-label="Rechercher une réservation"
          placeholder="Nom, n° ou code de réservation, email, téléphone"
          // antd's own icon, named in French: by default a screen reader reads its name, 'close-circle'.
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="Effacer la recherche" /> }}
          maxLength={SEARCH_MAX_LENGTH}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(value) => update({ search: value }, { replace: true })}
          style={{ maxWidth: 360 }}
        />
        <DatePicker.RangePicker
          aria-label="Dates de réservation"
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          placeholder={['Du', 'Au']}
          value={[params.dateFrom ? dayjs(params.dateFrom) : null, params.dateTo ? dayjs(params.dateTo) : null]}
          onChange={(dates) => update({ dateFrom: dates?.[0]?.format('YYYY-MM-DD'), dateTo: dates?.[1]?.format('YYYY-MM-DD') })}
        />
        <Select<Service | 'all'>
          aria-label="Service"
          value={params.service ?? 'all'}
          onChange={(service) => update({ service: service === 'all' ? undefined : service })}
          options={[{ value: 'all', label: 'Tous les services' }, ...(['lunch', 'dinner'] as const).map((service) => ({ value: service, label: SERVICE_LABELS[service] }))]}
          style={{ minWidth: 170 }}
        />
      </div>
      <StatisticsFilters params={params} update={update} />
      {params.invalidRange && <Alert type="warning" showIcon title="La date de début doit précéder la date de fin : les dates ne sont pas appliquées." />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text data-testid="reservation-count">
          {page.total} réservation(s) — {RESERVATION_FILTER_LABELS[params.status]}
        </Typography.Text>
        <ExportButton params={params} disabled={page.total === 0} />
      </div>
      {phone ? (
        <ReservationCards reservations={page.reservations} loading={loading} emptyText={emptyText} linkState={{ listSearch: location.search }} onOpen={openDetail} />
      ) : (
        <Table<Reservation>
          rowKey="id"
          // A reservation's `children` is a head count, not nested rows.
          expandable={{ childrenColumnName: 'noNestedRows' }}
          columns={columns}
          dataSource={page.reservations}
          loading={loading}
          locale={{ emptyText }}
          onRow={(r) => ({ onClick: () => openDetail(r), style: { cursor: 'pointer' } })}
          pagination={false}
        />
      )}
      <Pagination
        align="end"
        current={params.page}
        pageSize={RESERVATIONS_PAGE_SIZE}
        total={page.total}
        showSizeChanger={false}
        hideOnSinglePage
        simple={phone}
        onChange={(p) => update({ page: p })}
      />
    </>
  );
}

/** The filters a statistic's link set (received on these days, these statuses, this source): only while set. */
const statisticsFilter = (params: ReservationListParams) => !!(params.receivedFrom || params.receivedTo || params.statuses || params.source);

/**
 * The filters a figure of 'Statistiques' leads with, each named and removable (the others are the
 * controls above): 'Reçues du 01/11/2026 au 30/11/2026', 'Statuts : Refusée, Annulée', 'Origine : Téléphone'.
 */
function StatisticsFilters({ params, update }: { params: ReservationListParams; update: ReturnType<typeof useReservationListParams>['update'] }) {
  const filters: { key: string; label: string; remove: () => void }[] = [];
  if (params.receivedFrom || params.receivedTo) {
    const label =
      params.receivedFrom && params.receivedTo
        ? `Reçues du ${formatDate(params.receivedFrom)} au ${formatDate(params.receivedTo)}`
        : params.receivedFrom
          ? `Reçues depuis le ${formatDate(params.receivedFrom)}`
          : `Reçues jusqu’au ${formatDate(params.receivedTo!)}`;
    filters.push({ key: 'received', label, remove: () => update({ receivedFrom: undefined, receivedTo: undefined }) });
  }
  if (params.statuses)
    filters.push({
      key: 'statuses',
      label: `Statuts : ${params.statuses.map((s) => RESERVATION_STATUS_BADGES[s].label).join(', ')}`,
      remove: () => update({ statuses: undefined }),
    });
  if (params.source) filters.push({ key: 'source', label: `Origine : ${RESERVATION_SOURCE_LABELS[params.source]}`, remove: () => update({ source: undefined }) });
  if (!filters.length) return null;
  return (
    <ul aria-label="Filtres des statistiques" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {filters.map((filter) => (
        <li key={filter.key}>
          <Button size="small" onClick={filter.remove} aria-label={`Retirer le filtre « ${filter.label} »`} data-testid="statistics-filter">
            {filter.label} <CloseOutlined aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** 'Exporter en CSV': the list as filtered, all its pages. */
function ExportButton({ params, disabled }: { params: ReservationListParams; disabled: boolean }) {
  const { restaurantId = '' } = useParams();
  const query = reservationListQuery(restaurantId, params);
  const exporting = useExportReservations();
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {exporting.isError && <Typography.Text type="danger">L’export n’a pas pu être créé. Réessayez.</Typography.Text>}
      <Button onClick={() => query && exporting.mutate(query)} loading={exporting.isPending} disabled={disabled || !query}>
        Exporter en CSV
      </Button>
    </span>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { restaurantId = '' } = useParams();
  const navigate = useNavigate();
  // A booking taken by phone: the same form as from a planning cell.
  const add = isUuid(restaurantId) ? (
    <Button type="primary" onClick={() => navigate(`${restaurantPath(restaurantId, 'operational/reservations')}/nouvelle`)}>
      Nouvelle réservation
    </Button>
  ) : undefined;
  return (
    <PageFrame title={TITLE} subtitle={SUBTITLE} actions={add}>
      {children}
    </PageFrame>
  );
}
