import {
  newReservationSearch,
  parsePlanningParams,
  PLANNING_PARAM,
  PLANNING_VIEW_VALUES,
  planningQueryOptions,
  planningRange,
  RESERVATION_LIST_PARAM,
  SERVICE_LABELS,
  SERVICE_PARAM_VALUES,
  shiftPlanning,
  type PlanningCell,
  type PlanningParams,
  type PlanningView,
} from '@tablee/operations-data';
import { BRAND_COLOURS, PageError, PageFrame, parisToday, QueryState } from '@tablee/shared';
import { isUuid, restaurantPath, type Closure } from '@tablee/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Grid, Segmented, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useParams, useSearchParams } from 'react-router';
import { planningClosuresQueryOptions } from '../api/closures';
import { ClosureAction } from './ClosureAction';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const requests = (n: number) => `${n} demande${n > 1 ? 's' : ''}`;

/** The planning: a week (or a month) of covers per service, against capacity, with the pending requests. */
export function PlanningPage() {
  const { restaurantId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parsePlanningParams(searchParams);
  const range = planningRange(params);
  // The period shown stays on screen while the next one loads.
  const query = useQuery({ ...planningQueryOptions(restaurantId, range.from, range.to), placeholderData: keepPreviousData });
  // The exceptional closures, beside the covers (their own query: the planning's function says nothing of them).
  const closures = useQuery({ ...planningClosuresQueryOptions(restaurantId, range.from, range.to), placeholderData: keepPreviousData });
  const screens = Grid.useBreakpoint();
  const phone = !screens.md && !!(screens.xs || screens.sm);

  const go = (next: PlanningParams) =>
    setSearchParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(PLANNING_PARAM.view, PLANNING_VIEW_VALUES[next.view]);
      updated.set(PLANNING_PARAM.date, next.date);
      return updated;
    });

  if (!isUuid(restaurantId))
    return (
      <PageFrame title="Planning">
        <PageError message="Restaurant ID vide ou invalide" />
      </PageFrame>
    );
  const week = params.view === 'week';
  const [previous, next] = week ? ['Semaine précédente', 'Semaine suivante'] : ['Mois précédent', 'Mois suivant'];
  return (
    <PageFrame title="Planning" subtitle="Couverts confirmés (acceptés et payés) face à la capacité de chaque service, et demandes en attente">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Segmented<PlanningView>
          aria-label="Vue"
          value={params.view}
          onChange={(view) => go({ ...params, view })}
          options={[
            { value: 'week', label: 'Semaine' },
            { value: 'month', label: 'Mois' },
          ]}
        />
        {/* On a phone the arrows alone (their names stay whole for screen readers): the row must fit 390 px. */}
        <Space.Compact>
          <Button aria-label={previous} onClick={() => go(shiftPlanning(params, -1))}>
            {phone ? '‹' : `‹ ${previous}`}
          </Button>
          <Button onClick={() => go({ ...params, date: parisToday() })}>Aujourd’hui</Button>
          <Button aria-label={next} onClick={() => go(shiftPlanning(params, 1))}>
            {phone ? '›' : `${next} ›`}
          </Button>
        </Space.Compact>
        <DatePicker
          aria-label={week ? 'Choisir une semaine' : 'Choisir un mois'}
          picker={params.view}
          allowClear={false}
          value={dayjs(params.date)}
          format={week ? '[Semaine du] DD/MM/YYYY' : 'MMMM YYYY'}
          onChange={(d: Dayjs | null) => d && go({ ...params, date: (week ? d.day(1) : d).format('YYYY-MM-DD') })}
        />
      </div>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
        {week ? `Semaine du ${dayjs(range.from).format('D MMMM')} au ${dayjs(range.to).format('D MMMM YYYY')}` : capitalize(dayjs(params.date).format('MMMM YYYY'))}
      </Typography.Title>
      {closures.isError && <Alert type="error" showIcon message="Erreur lors du chargement des fermetures exceptionnelles" />}
      <QueryState query={query} errorMessage="Erreur lors du chargement du planning" loadingLabel="Chargement du planning...">
        {(cells) => <PlanningGrid cells={cells} closures={closures.data ?? []} restaurantId={restaurantId} month={week ? undefined : params.date.slice(0, 7)} phone={phone} />}
      </QueryState>
    </PageFrame>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Days in columns (Monday to Sunday), each with its two services; a month is its weeks one under the
 * other. On a phone, one day under the other (the days of the month only). A grid of our own rather
 * than antd's Calendar: that one is a date picker (a click on a cell selects the day), where each day
 * here holds two links.
 */
function PlanningGrid({ cells, closures, restaurantId, month, phone }: { cells: PlanningCell[]; closures: Closure[]; restaurantId: string; month?: string; phone: boolean }) {
  const days = new Map<string, PlanningCell[]>();
  for (const cell of cells) days.set(cell.day, [...(days.get(cell.day) ?? []), cell]);
  const shown = [...days.entries()].filter(([day]) => !phone || !month || day.startsWith(month));
  const today = parisToday();
  return (
    <div role="list" aria-label="Jours" style={{ display: 'grid', gridTemplateColumns: phone ? '1fr' : 'repeat(7, minmax(0, 1fr))', gap: 8 }}>
      {shown.map(([day, services]) => {
        const outside = !!month && !day.startsWith(month);
        return (
          <div role="listitem" key={day} aria-current={day === today ? 'date' : undefined} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            <Typography.Text
              strong={day === today}
              type={outside ? 'secondary' : undefined}
              style={{ fontSize: 13, borderBottom: day === today ? `2px solid ${BRAND_COLOURS.primary}` : '2px solid transparent' }}
            >
              {dayjs(day).format('ddd DD/MM')}
            </Typography.Text>
            {services.map((cell) => {
              const closure = closures.find((c) => c.date === cell.day && c.service === cell.service);
              return (
                <div key={cell.service} style={{ display: 'grid', gap: 2 }}>
                  <ServiceCell cell={cell} closure={closure} actionable={day >= today} restaurantId={restaurantId} />
                  {/* A booking taken by phone for this service: the form starts from its day and service. */}
                  {cell.isOpen && !closure && day >= today && (
                    <Link to={`${restaurantPath(restaurantId, 'operational/reservations')}/nouvelle?${newReservationSearch(cell.day, cell.service)}`} style={{ fontSize: 12, paddingInline: 4 }}>
                      {/* The name starts with what is read on screen; the day and service for screen readers. */}
                      <span aria-hidden>+ </span>Réserver
                      <span style={VISUALLY_HIDDEN}>
                        {' '}
                        : nouvelle réservation, {dayjs(cell.day).format('dddd D MMMM')}, {SERVICE_LABELS[cell.service]}
                      </span>
                    </Link>
                  )}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

/**
 * One service of one day: a link to its reservations (the list, filtered on the day and the service),
 * marked when closed exceptionally, and from today on its '⋯' menu to close it or reopen it.
 */
function ServiceCell({ cell, closure, actionable, restaurantId }: { cell: PlanningCell; closure: Closure | undefined; actionable: boolean; restaurantId: string }) {
  const label = SERVICE_LABELS[cell.service];
  // Closed this date only: shown as a closed service, with its reason.
  const isOpen = cell.isOpen && !closure;
  const over = cell.capacity !== null && cell.confirmedCovers > cell.capacity;
  const list = new URLSearchParams({
    [RESERVATION_LIST_PARAM.from]: cell.day,
    [RESERVATION_LIST_PARAM.to]: cell.day,
    [RESERVATION_LIST_PARAM.service]: SERVICE_PARAM_VALUES[cell.service],
  });
  const fill = cell.capacity ? Math.min(100, Math.round((cell.confirmedCovers / cell.capacity) * 100)) : 0;
  // A weekly closed service has nothing to close; an exceptional closure can be reopened.
  const withAction = actionable && (cell.isOpen || !!closure);
  return (
    <div style={{ position: 'relative' }}>
      <Link
        to={`${restaurantPath(restaurantId, 'operational/reservations')}?${list}`}
        data-testid={`planning-${cell.day}-${cell.service}`}
        style={{
          display: 'block',
          padding: '8px 10px',
          borderRadius: 8,
          border: `1px solid ${over ? '#ffa39e' : '#e8e8e8'}`,
          background: !isOpen ? '#f5f5f5' : over ? '#fff1f0' : '#fff',
          color: 'inherit',
        }}
      >
        {/* Room on the right of the first line for the '⋯' menu. */}
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4, fontSize: 12, color: '#595959', paddingRight: withAction ? 22 : 0 }}>
          {/* The day, for screen readers: the link's name then says which service of which day it opens. */}
          <span>
            <span style={VISUALLY_HIDDEN}>{dayjs(cell.day).format('dddd D MMMM')}, </span>
            {label}
          </span>
          {!isOpen && <span>Fermé</span>}
        </div>
        {(isOpen || cell.confirmedCovers > 0) && (
          <div style={{ fontSize: 15 }}>
            <strong>{cell.confirmedCovers}</strong>
            {cell.capacity !== null ? ` / ${cell.capacity}` : ''}{' '}
            <span style={{ fontSize: 12, color: '#595959' }}>
              couv.<span style={VISUALLY_HIDDEN}> confirmés</span>
            </span>
          </div>
        )}
        {isOpen && cell.capacity !== null && (
          <div aria-hidden style={{ height: 4, borderRadius: 2, background: '#f0f0f0', marginTop: 4 }}>
            <div style={{ width: `${fill}%`, height: 4, borderRadius: 2, background: over ? '#cf1322' : '#2f6b12' }} />
          </div>
        )}
        {isOpen && cell.capacity === null && <div style={{ fontSize: 12, color: '#595959' }}>sans limite</div>}
        {closure && <div style={{ fontSize: 12, color: '#595959', marginTop: 2 }}>Fermeture exceptionnelle{closure.reason ? ` : ${closure.reason}` : ''}</div>}
        {cell.pendingRequests > 0 && (
          <div style={{ fontSize: 12, color: '#ad4e00', marginTop: 4 }}>
            {requests(cell.pendingRequests)} en attente · {cell.pendingCovers} couv.
          </div>
        )}
        {/* Apart from the covers above: these customers did not come. */}
        {cell.noShowReservations > 0 && (
          <div data-testid="planning-no-show" style={{ fontSize: 12, color: '#780650', marginTop: 4 }}>
            {cell.noShowReservations} non présenté{cell.noShowReservations > 1 ? 's' : ''} · {cell.noShowCovers} couv.
          </div>
        )}
      </Link>
      {withAction && <ClosureAction cell={cell} closure={closure} name={`${label}, ${dayjs(cell.day).format('dddd D MMMM')}`} restaurantId={restaurantId} />}
    </div>
  );
}
