/**
 * The two charts over time, drawn by uPlot (chosen by measure: docs/statistics-charts.md): requests
 * and covers per week (bars, each on its own axis), and the median answer time against the median
 * promise (lines, in hours). The canvas is hidden from screen readers; each chart's figures are a table
 * they read instead (and a legend in text).
 */
import type { RestaurantStatistics } from '@tablee/operations-data';
import { BRAND_COLOURS } from '@tablee/shared';
import { useEffect, useMemo, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatMinutes, formatWeek } from '../format';
import { VisuallyHidden } from './VisuallyHidden';

type Week = RestaurantStatistics['weeks'][number];

const BLUE = '#1d4e89';
const HEIGHT = 220;
const AXIS = { stroke: '#595959', grid: { stroke: '#f0f0f0' }, ticks: { stroke: '#d9d9d9' }, font: '12px system-ui, sans-serif' };

/** Whole numbers only on a count's axis (no 0,25 request), said in French. */
const countAxis = { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], values: (_: uPlot, splits: number[]) => splits.map((n) => formatCount(n)) };

/** The week axis: the Mondays' dd/mm, as many as fit. */
const weekAxis = (weeks: Week[]) => ({
  ...AXIS,
  grid: { show: false },
  incrs: [1, 2, 4, 8, 13, 26],
  values: (_: uPlot, splits: number[]) => splits.map((i) => (Number.isInteger(i) && weeks[i] ? formatWeek(weeks[i].weekStart) : '')),
});

/** A uPlot chart in its container, as wide as it, redrawn when the data change and resized with it. */
function Chart({ options, data }: { options: Omit<Options, 'width' | 'height'>; data: AlignedData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // No canvas (a browser without one, jsdom): the legend and the table say it all.
    if (!document.createElement('canvas').getContext?.('2d')) return;
    const chart = new uPlot({ ...options, width: Math.max(200, element.clientWidth), height: HEIGHT }, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={box} aria-hidden="true" style={{ width: '100%', minHeight: HEIGHT }} />;
}

function Legend({ items }: { items: { label: string; colour: string; dashed?: boolean }[] }) {
  return (
    <ul aria-hidden="true" style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 16, margin: '0 0 4px', padding: 0, fontSize: 13, color: '#262626' }}>
      {items.map((item) => (
        <li key={item.label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 16, height: item.dashed ? 0 : 10, borderTop: item.dashed ? `2px dashed ${item.colour}` : undefined, background: item.dashed ? undefined : item.colour }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

const FIGURE = { margin: 0, border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, background: '#fff', minWidth: 0 } as const;
const CAPTION = { fontWeight: 600, fontSize: 16, marginBottom: 8, color: '#262626' } as const;

const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 10) / 10);

/** Both charts' options and data, made once per answer (a new object would redraw the chart). */
function chartsOf(weeks: Week[]) {
  const indexes = weeks.map((_, i) => i);
  const bars = uPlot.paths.bars!;
  const volumeOptions: Omit<Options, 'width' | 'height'> = {
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(0.5, weeks.length - 0.5)] },
      requests: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      covers: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
    },
    axes: [weekAxis(weeks), { ...AXIS, ...countAxis, scale: 'requests', size: 48 }, { ...AXIS, ...countAxis, scale: 'covers', side: 1, grid: { show: false }, size: 48 }],
    series: [
      {},
      { label: 'Demandes', scale: 'requests', fill: BRAND_COLOURS.primary, stroke: BRAND_COLOURS.primary, paths: bars({ size: [0.4, 24], align: -1 }), points: { show: false } },
      { label: 'Couverts confirmés', scale: 'covers', fill: BLUE, stroke: BLUE, paths: bars({ size: [0.4, 24], align: 1 }), points: { show: false } },
    ],
  };
  const answerOptions: Omit<Options, 'width' | 'height'> = {
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, Math.max(0.5, weeks.length - 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
    axes: [weekAxis(weeks), { ...AXIS, size: 52, values: (_u, splits) => splits.map((h) => `${formatCount(h)} h`) }],
    series: [
      {},
      { label: 'Délai médian de réponse', stroke: BRAND_COLOURS.primary, width: 2, spanGaps: true, points: { show: true, size: 6, fill: BRAND_COLOURS.primary } },
      { label: 'Délai promis (médian)', stroke: BLUE, width: 2, dash: [6, 4], spanGaps: true, points: { show: false } },
    ],
  };
  return {
    volume: { options: volumeOptions, data: [indexes, weeks.map((w) => w.requests), weeks.map((w) => w.coversConfirmed)] as AlignedData },
    answer: { options: answerOptions, data: [indexes, weeks.map((w) => hours(w.medianAnswerMinutes)), weeks.map((w) => hours(w.medianPromiseMinutes))] as AlignedData },
  };
}

/** A chart's figures, week by week, as a table only screen readers read. */
function WeeklyTable({ caption, weeks, columns }: { caption: string; weeks: Week[]; columns: { label: string; cell: (week: Week) => string }[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Semaine du</th>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{formatWeek(w.weekStart)}</th>
              {columns.map((c) => (
                <td key={c.label}>{c.cell(w)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export function WeeklyCharts({ weeks }: { weeks: Week[] }) {
  const charts = useMemo(() => chartsOf(weeks), [weeks]);
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))' }}>
      <figure style={FIGURE} aria-labelledby="statistiques-semaines">
        <figcaption id="statistiques-semaines" style={CAPTION}>
          Demandes et couverts par semaine
        </figcaption>
        <Legend
          items={[
            { label: 'Demandes (axe de gauche)', colour: BRAND_COLOURS.primary },
            { label: 'Couverts confirmés (axe de droite)', colour: BLUE },
          ]}
        />
        <Chart options={charts.volume.options} data={charts.volume.data} />
        <WeeklyTable
          caption="Demandes et couverts confirmés par semaine"
          weeks={weeks}
          columns={[
            { label: 'Demandes', cell: (w) => formatCount(w.requests) },
            { label: 'Couverts confirmés', cell: (w) => formatCount(w.coversConfirmed) },
          ]}
        />
      </figure>
      <figure style={FIGURE} aria-labelledby="statistiques-delais">
        <figcaption id="statistiques-delais" style={CAPTION}>
          Délai de réponse face au délai promis
        </figcaption>
        <Legend
          items={[
            { label: 'Délai médian de réponse', colour: BRAND_COLOURS.primary },
            { label: 'Délai promis (médian)', colour: BLUE, dashed: true },
          ]}
        />
        <Chart options={charts.answer.options} data={charts.answer.data} />
        <WeeklyTable
          caption="Délai médian de réponse et délai promis par semaine"
          weeks={weeks}
          columns={[
            { label: 'Délai médian de réponse', cell: (w) => formatMinutes(w.medianAnswerMinutes) },
            { label: 'Délai promis (médian)', cell: (w) => formatMinutes(w.medianPromiseMinutes) },
          ]}
        />
      </figure>
    </div>
  );
}
