import { useAction } from '@tablee/action';
import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { useState } from 'react';
import { updateReservation, type ReservationChanges } from '../api/customerPage';
import { changedFields, DIETARY_NOTES_MAX, validateChanges, type ChangeField, type ChangeValues } from '../lib/changes';

const idOf = (field: ChangeField) => `cp-change-${field}`;
const errorIdOf = (field: ChangeField) => `${idOf(field)}-error`;

const valuesOf = (page: Page): ChangeValues => ({ adults: String(page.adults), children: String(page.children), dietary_notes: page.dietary_notes ?? '' });

/** The headcount and allergies, until the modification deadline: saved with one button, SQL's refusal on its field. */
export function ChangeForm({ token, page, onPage }: { token: string; page: Page; onPage: (page: Page) => void }) {
  const [values, setValues] = useState<ChangeValues>(() => valuesOf(page));
  const [errors, setErrors] = useState<Partial<Record<ChangeField | 'form', string>>>({});
  const [saved, setSaved] = useState('');
  const save = useAction(updateReservation);

  const set = (field: ChangeField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved('');
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateChanges(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes: ReservationChanges = changedFields(page, values);
    if (Object.keys(changes).length === 0) {
      setSaved('Aucune modification à enregistrer.');
      return;
    }
    save.mutate(
      { token, changes },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'page') {
            onPage(outcome.page);
            setValues(valuesOf(outcome.page));
            setSaved('Modifications enregistrées. Le restaurant en est informé.');
            return;
          }
          const field = outcome.kind === 'refused' && (['adults', 'children', 'dietary_notes'] as const).find((f) => f === outcome.field);
          // What was typed stays; the refusal is shown on its field, or above the button.
          setErrors(field ? { [field]: outcome.message } : { form: outcome.message });
        },
      },
    );
  };

  const a11y = (field: ChangeField) => ({
    id: idOf(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errorIdOf(field),
  });

  return (
    <section className="cp-section" aria-labelledby="cp-change-title">
      <h2 id="cp-change-title">Modifier la réservation</h2>
      <form onSubmit={submit} noValidate>
        <div className="cp-row">
          <div className="cp-field">
            <label htmlFor={idOf('adults')}>Adultes</label>
            <input {...a11y('adults')} type="number" inputMode="numeric" min={1} value={values.adults} onChange={(e) => set('adults', e.target.value)} />
            <p id={errorIdOf('adults')} className="cp-error">
              {errors.adults}
            </p>
          </div>
          <div className="cp-field">
            <label htmlFor={idOf('children')}>Enfants</label>
            <input {...a11y('children')} type="number" inputMode="numeric" min={0} value={values.children} onChange={(e) => set('children', e.target.value)} />
            <p id={errorIdOf('children')} className="cp-error">
              {errors.children}
            </p>
          </div>
        </div>
        <div className="cp-field">
          <label htmlFor={idOf('dietary_notes')}>Allergies et régimes</label>
          <textarea
            {...a11y('dietary_notes')}
            aria-describedby={`${errorIdOf('dietary_notes')} cp-dietary-hint`}
            rows={3}
            maxLength={DIETARY_NOTES_MAX}
            value={values.dietary_notes}
            onChange={(e) => set('dietary_notes', e.target.value)}
          />
          <p className="cp-hint" id="cp-dietary-hint">
            Pour tout le groupe : allergies, intolérances, régimes. Le restaurant les voit en premier.
          </p>
          <p id={errorIdOf('dietary_notes')} className="cp-error">
            {errors.dietary_notes}
          </p>
        </div>
        <p className="cp-error" role="alert">
          {errors.form}
        </p>
        <button type="submit" className="cp-button" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer les modifications'}
        </button>
        <p className="cp-saved" role="status">
          {saved}
        </p>
      </form>
    </section>
  );
}
