import { COURSE_LABELS, type Course, type CourseDishes, type CustomerPage as Page } from '@tablee/domain/customer-page';
import { useRef, useState } from 'react';
import { updateReservation, type PageOutcome } from '../api/customerPage';
import { SaveQueue } from '../lib/save-queue';
import { dishLabel, guestLabel, isGuestComplete, progressText } from '../lib/words';

interface Draft {
  name: string;
  choices: Partial<Record<Course, string>>;
  allergies: string;
}

/** A guest's save as queued. */
interface Queued {
  token: string;
  draft: Draft;
  onPage: (page: Page) => void;
}

type SaveState = { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; field: 'name' | 'allergies' | 'choices' | null; message: string };

/** A guest as saved, with only the dishes still on the menu (a dish since removed would be refused). */
function draftFrom(page: Page, courses: CourseDishes[], guestNumber: number): Draft {
  const saved = page.guests.find((g) => g.guest_number === guestNumber);
  const choices: Draft['choices'] = {};
  for (const course of courses) {
    const dish = saved?.choices[course.course];
    if (dish && course.dishes.some((d) => d.name === dish)) choices[course.course] = dish;
  }
  return { name: saved?.name ?? '', choices, allergies: saved?.allergies ?? '' };
}

const FIELDS = ['name', 'allergies', 'choices'] as const;

/**
 * 'Choix des convives' of a choice menu: a guest at a time (phone first), a dish per course, their
 * name and allergies; each guest saved as it is filled in (a dish at once, a text when left), one save
 * at a time in order (SaveQueue), so that an older save never overwrites a newer one.
 */
export function GuestChoices({ token, page, courses, onPage }: { token: string; page: Page; courses: CourseDishes[]; onPage: (page: Page) => void }) {
  const total = page.adults + page.children;
  const [index, setIndex] = useState(1);
  const current = Math.min(Math.max(index, 1), total);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [saves, setSaves] = useState<Record<number, SaveState>>({});
  // Text typed since the guest was last queued: saved when the field is left, or the guest changed.
  const dirty = useRef(new Set<number>());

  // One queue for the page's life; each save carries the token and where its answer goes.
  const [queue] = useState(
    () =>
      new SaveQueue<number, Queued, PageOutcome>(
        (guestNumber, { token: key, draft }) =>
          updateReservation({
            token: key,
            changes: { guest: { guest_number: guestNumber, name: draft.name.trim() || null, choices: draft.choices, allergies: draft.allergies.trim() || null } },
          }),
        (guestNumber, queued, outcome, superseded) => {
          if (outcome.kind === 'page') queued.onPage(outcome.page);
          // A newer value of this guest is on its way: its answer says how it went.
          if (superseded) return;
          setSaves((s) => ({
            ...s,
            [guestNumber]:
              outcome.kind === 'page'
                ? { kind: 'saved' }
                : { kind: 'error', field: outcome.kind === 'refused' ? (FIELDS.find((f) => f === outcome.field) ?? null) : null, message: outcome.message },
          }));
        },
      ),
  );

  const draft = drafts[current] ?? draftFrom(page, courses, current);
  const edit = (change: Partial<Draft>, saveNow: boolean) => {
    const next = { ...draft, ...change, choices: { ...draft.choices, ...change.choices } };
    for (const course of Object.keys(next.choices) as Course[]) if (!next.choices[course]) delete next.choices[course];
    setDrafts((d) => ({ ...d, [current]: next }));
    if (saveNow) {
      dirty.current.delete(current);
      setSaves((s) => ({ ...s, [current]: { kind: 'saving' } }));
      queue.save(current, { token, draft: next, onPage });
    } else {
      dirty.current.add(current);
    }
  };
  const saveIfTyped = () => {
    if (!dirty.current.has(current)) return;
    dirty.current.delete(current);
    setSaves((s) => ({ ...s, [current]: { kind: 'saving' } }));
    queue.save(current, { token, draft, onPage });
  };
  const go = (guestNumber: number) => {
    saveIfTyped();
    setIndex(guestNumber);
  };

  const done = Array.from({ length: total }, (_, i) => i + 1).filter((n) =>
    isGuestComplete(
      page.guests.find((g) => g.guest_number === n),
      courses,
    ),
  ).length;
  const save = saves[current];
  const error = save?.kind === 'error' ? save : undefined;
  const errorOn = (field: (typeof FIELDS)[number]) => (error?.field === field ? error.message : undefined);
  const id = (what: string) => `cp-guest-${what}`;

  return (
    <section className="cp-section" aria-labelledby="cp-guests-title">
      <h2 id="cp-guests-title">Choix des convives</h2>
      <p className="cp-hint">Indiquez le choix de chaque convive : il est enregistré au fur et à mesure, et le restaurant le reçoit pour préparer le repas.</p>
      <p className="cp-progress" aria-live="polite">
        {progressText(done, total)}
      </p>
      <div className="cp-field">
        <label htmlFor={id('jump')}>Aller au convive</label>
        <select id={id('jump')} value={current} onChange={(e) => go(Number(e.target.value))}>
          {Array.from({ length: total }, (_, i) => i + 1).map((n) => {
            const saved = page.guests.find((g) => g.guest_number === n);
            return (
              <option key={n} value={n}>
                {n}. {guestLabel(n, saved?.name)}
                {isGuestComplete(saved, courses) ? ' — renseigné' : ''}
              </option>
            );
          })}
        </select>
      </div>
      <fieldset className="cp-fieldset cp-guest" aria-describedby={id('status')}>
        <legend className="cp-legend">
          Convive {current} sur {total}
        </legend>
        <div className="cp-field">
          <label htmlFor={id('name')}>Nom (facultatif)</label>
          <input
            id={id('name')}
            autoComplete="off"
            maxLength={100}
            placeholder={`Convive ${current}`}
            value={draft.name}
            aria-invalid={errorOn('name') ? true : undefined}
            aria-describedby={id('name-error')}
            onChange={(e) => edit({ name: e.target.value }, false)}
            onBlur={saveIfTyped}
          />
          <p id={id('name-error')} className="cp-error">
            {errorOn('name')}
          </p>
        </div>
        {courses
          .filter((course) => course.dishes.length > 0)
          .map((course) => (
            <div className="cp-field" key={course.course}>
              <label htmlFor={id(course.course)}>{COURSE_LABELS[course.course] ?? course.course}</label>
              <select
                id={id(course.course)}
                value={draft.choices[course.course] ?? ''}
                aria-invalid={errorOn('choices') ? true : undefined}
                aria-describedby={id('choices-error')}
                onChange={(e) => edit({ choices: { [course.course]: e.target.value } }, true)}
              >
                <option value="">— À choisir —</option>
                {course.dishes.map((dish) => (
                  <option key={dish.name} value={dish.name}>
                    {dishLabel(dish)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        <p id={id('choices-error')} className="cp-error">
          {errorOn('choices')}
        </p>
        <div className="cp-field">
          <label htmlFor={id('allergies')}>Allergies</label>
          <input
            id={id('allergies')}
            autoComplete="off"
            maxLength={500}
            value={draft.allergies}
            aria-invalid={errorOn('allergies') ? true : undefined}
            aria-describedby={id('allergies-error')}
            onChange={(e) => edit({ allergies: e.target.value }, false)}
            onBlur={saveIfTyped}
          />
          <p id={id('allergies-error')} className="cp-error">
            {errorOn('allergies')}
          </p>
        </div>
        <p id={id('status')} className={error ? 'cp-error' : 'cp-saved'} role="status">
          {error && !error.field ? error.message : save?.kind === 'saving' ? 'Enregistrement...' : save?.kind === 'saved' ? `${guestLabel(current, draft.name)} : enregistré.` : ''}
        </p>
        <div className="cp-guest-nav">
          <button type="button" className="cp-secondary" disabled={current <= 1} onClick={() => go(current - 1)}>
            Convive précédent
          </button>
          <button type="button" className="cp-secondary" disabled={current >= total} onClick={() => go(current + 1)}>
            Convive suivant
          </button>
        </div>
      </fieldset>
    </section>
  );
}
