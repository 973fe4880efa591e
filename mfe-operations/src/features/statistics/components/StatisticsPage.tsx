/**
 * 'Statistiques', /restaurants/{id}/operational/statistics: the restaurant's group business
 * over a period of reception (this month, last month, this quarter, this year, or from … to …, kept in
 * the address), each figure beside the previous period of the same length and linked to the
 * reservations it counts; the charts over the weeks and the breakdowns; the figures as CSV. Its own
 * chunk (routes.tsx loads it lazily), with the chart library: no other screen downloads it.
 */
import { COMPARISON_LABELS, PERIOD_LABELS, type PeriodPreset, type RestaurantStatistics } from '@tablee/operations-data';
import { formatDate, PageEmpty, PageError, PageFrame, QueryState } from '@tablee/shared';
import { isUuid } from '@tablee/domain';
import { Button, DatePicker, Grid, Radio, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { useExportStatistics } from '../api/exportStatistics';
import { useStatistics } from '../api/getStatistics';
import { useStatisticsParams } from '../hooks/useStatisticsParams';
import { Breakdowns } from './Breakdowns';
import { FigureGrid } from './FigureGrid';
import { WeeklyCharts } from './WeeklyCharts';

const TITLE = 'Statistiques';
const SUBTITLE = 'L’activité de groupe de votre établissement, par date de réception des demandes';
const PRESETS = Object.keys(PERIOD_LABELS) as PeriodPreset[];

export default function StatisticsPage() {
  const { restaurantId = '' } = useParams();
  const validId = isUuid(restaurantId);
  const { params, choosePreset, chooseRange } = useStatisticsParams();
  const period = { from: params.from, to: params.to };
  const statistics = useStatistics(restaurantId, period, validId);
  const exporting = useExportStatistics(restaurantId);
  const screens = Grid.useBreakpoint();
  const phone = !screens.md && !!(screens.xs || screens.sm);

  if (!validId)
    return (
      <PageFrame title={TITLE}>
        <PageError message="Restaurant ID vide ou invalide" />
      </PageFrame>
    );

  const exportButton = (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {exporting.isError && <Typography.Text type="danger">L’export n’a pas pu être créé. Réessayez.</Typography.Text>}
      <Button onClick={() => exporting.mutate(period)} loading={exporting.isPending} disabled={!statistics.data}>
        Exporter (CSV)
      </Button>
    </span>
  );
  const presetValue = params.preset === 'custom' ? undefined : params.preset;

  return (
    <PageFrame title={TITLE} subtitle={SUBTITLE} actions={exportButton}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        {phone ? (
          <Select<PeriodPreset>
            aria-label="Période"
            placeholder="Période"
            value={presetValue}
            onChange={choosePreset}
            options={PRESETS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            style={{ width: '100%' }}
          />
        ) : (
          <Radio.Group
            aria-label="Période"
            optionType="button"
            value={presetValue}
            onChange={(e) => choosePreset(e.target.value as PeriodPreset)}
            options={PRESETS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
          />
        )}
        <DatePicker.RangePicker
          aria-label="Du … au …"
          format="DD/MM/YYYY"
          placeholder={['Du', 'Au']}
          allowClear={false}
          value={[dayjs(params.from), dayjs(params.to)]}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) chooseRange(dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD'));
          }}
          style={phone ? { width: '100%' } : undefined}
        />
      </div>
      <QueryState query={statistics} errorMessage="Erreur lors du chargement des statistiques" loadingLabel="Chargement des statistiques...">
        {(data) => <Statistics restaurantId={restaurantId} statistics={data} comparison={COMPARISON_LABELS[params.preset]} />}
      </QueryState>
    </PageFrame>
  );
}

function Statistics({ restaurantId, statistics, comparison }: { restaurantId: string; statistics: RestaurantStatistics; comparison: string }) {
  const { period, previousPeriod } = statistics;
  return (
    <>
      <Typography.Paragraph data-testid="statistics-period" style={{ margin: 0, color: '#595959' }}>
        Demandes reçues du {formatDate(period.from)} au {formatDate(period.to)}, comparées à celles du {formatDate(previousPeriod.from)} au {formatDate(previousPeriod.to)}.
      </Typography.Paragraph>
      {statistics.current.requests === 0 ? (
        <PageEmpty title="Aucune demande sur cette période" description={statistics.previous.requests > 0 ? `${statistics.previous.requests} sur la période précédente.` : undefined} />
      ) : (
        <>
          <FigureGrid restaurantId={restaurantId} statistics={statistics} comparison={comparison} />
          <WeeklyCharts weeks={statistics.weeks} />
          <Breakdowns restaurantId={restaurantId} statistics={statistics} />
        </>
      )}
    </>
  );
}
