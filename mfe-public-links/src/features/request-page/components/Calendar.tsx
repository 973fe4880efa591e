import { formatLongDate } from '@tablee/shared/core';
import { useState } from 'react';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const WEEKDAY_HEADERS = [
  ['L', 'lundi'],
  ['M', 'mardi'],
  ['M', 'mercredi'],
  ['J', 'jeudi'],
  ['V', 'vendredi'],
  ['S', 'samedi'],
  ['D', 'dimanche'],
];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/**
 * A month of days, Monday first; a day that cannot be picked (past, more than a year ahead, closed for
 * groups) is a disabled button, so it can be neither clicked nor chosen from the keyboard. Each day is
 * named in full for screen readers ('mardi 15 décembre 2026'); the chosen one is pressed.
 */
export function Calendar({
  value,
  first,
  last,
  bookable,
  onChange,
  invalid,
  describedBy,
}: {
  value: string | undefined;
  first: string;
  last: string;
  bookable: (date: string) => boolean;
  onChange: (date: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const start = value ?? first;
  const [month, setMonth] = useState({ year: Number(start.slice(0, 4)), month: Number(start.slice(5, 7)) - 1 });
  const firstMonth = { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) - 1 };
  const lastMonth = { year: Number(last.slice(0, 4)), month: Number(last.slice(5, 7)) - 1 };
  const index = (m: { year: number; month: number }) => m.year * 12 + m.month;
  const move = (by: number) => {
    const next = index(month) + by;
    setMonth({ year: Math.floor(next / 12), month: next % 12 });
  };

  const days = new Date(Date.UTC(month.year, month.month + 1, 0)).getUTCDate();
  const offset = (new Date(Date.UTC(month.year, month.month, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [...Array<null>(offset).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const title = `${MONTHS[month.month]} ${month.year}`;

  return (
    <div className={`rq-calendar${invalid ? ' rq-invalid' : ''}`}>
      <div className="rq-calendar-head">
        <button type="button" onClick={() => move(-1)} disabled={index(month) <= index(firstMonth)} aria-label="Mois précédent">
          ‹
        </button>
        <p className="rq-month" aria-live="polite">
          {title.charAt(0).toUpperCase() + title.slice(1)}
        </p>
        <button type="button" onClick={() => move(1)} disabled={index(month) >= index(lastMonth)} aria-label="Mois suivant">
          ›
        </button>
      </div>
      <table aria-label={`Date de la réservation, ${title}`} aria-describedby={describedBy}>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                <span aria-hidden="true">{short}</span>
                <span className="rq-sr">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                if (day === null) return <td key={d} />;
                const date = iso(month.year, month.month, day);
                const open = bookable(date);
                return (
                  <td key={d}>
                    <button
                      type="button"
                      className="rq-day"
                      disabled={!open}
                      aria-pressed={value === date}
                      aria-label={`${formatLongDate(date)}${open ? '' : ', indisponible'}`}
                      data-date={date}
                      onClick={() => onChange(date)}
                    >
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
