import { useAction } from '@tablee/action';
import { formatEuros, formatLongDate } from '@tablee/shared/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { checkRequest } from '../api/checkRequest';
import { sendRequest, type SendOutcome } from '../api/sendRequest';
import {
  bookingBody,
  depositHint,
  DIETARY_NOTES_MAX,
  childrenMenu,
  EMPTY_VALUES,
  estimate,
  fieldOfRefusal,
  isBookable,
  POLICY_LABELS,
  regularMenus,
  requestBody,
  SERVICE_LABELS,
  servicesOn,
  validate,
  type FieldErrors,
  type FieldName,
  type RequestForm as Form,
  type RequestValues,
} from '../lib/form-rules';
import { Calendar } from './Calendar';
import { PrivacyNotice } from './PrivacyNotice';

const FIELD_ORDER: FieldName[] = [
  'date',
  'service',
  'arrival_time',
  'adults',
  'children',
  'menu_id',
  'options',
  'customer.name',
  'customer.email',
  'customer.phone',
  'dietary_notes',
  'message',
  'cgv',
];
/** The booking is checked once the customer has stopped changing it this long (a check per keystroke would be spent for nothing). */
const CHECK_DELAY_MS = 300;

/** The fields of what the request books: a refusal of the check on one of them is shown with the estimate, before sending. */
const BOOKING_FIELDS = new Set<FieldName>(['date', 'arrival_time', 'adults', 'children', 'menu_id', 'options']);

const idOf = (field: FieldName) => `rq-${field.replace('.', '-')}`;
const errorIdOf = (field: FieldName) => `${idOf(field)}-error`;

function FieldError({ field, errors }: { field: FieldName; errors: FieldErrors }) {
  // Always in the page (empty when valid): aria-describedby points at it either way.
  return (
    <p id={errorIdOf(field)} className="rq-error">
      {errors[field]}
    </p>
  );
}

/** An input's accessibility attributes for its field: invalid, and described by its error. */
const a11y = (field: FieldName, errors: FieldErrors) => ({ id: idOf(field), 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errorIdOf(field) });

function Fieldset({ legend, children, hint }: { legend: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <fieldset className="rq-fieldset">
      <legend>{legend}</legend>
      {hint}
      {children}
    </fieldset>
  );
}

/** The request's form: one rule set (lib/form-rules.ts) before sending, the contract's 422 on its field after. */
export function RequestForm({ form, onSent }: { form: Form; onSent: (outcome: Extract<SendOutcome, { kind: 'sent' }>, values: RequestValues) => void }) {
  const [values, setValues] = useState<RequestValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string>();
  const [closed, setClosed] = useState(false);
  // One id per request: a retry after a lost answer is the same request (the contract's idempotency).
  const [externalId, setExternalId] = useState(() => `web-${crypto.randomUUID()}`);
  const send = useAction(sendRequest);
  const formRef = useRef<HTMLFormElement>(null);

  const services = servicesOn(form, values.date);
  const service = services.find((s) => s.service === values.service);
  const menus = regularMenus(form, values.service);
  const kids = childrenMenu(form);
  const quote = estimate(form, values);

  // The restaurant's rules, asked before sending (public.check_group_request): SQL's total and deposit,
  // and its refusal of what is chosen; only the answer for what is still chosen is shown.
  const check = useAction(checkRequest);
  const { mutate: askCheck } = check;
  const booking = quote && values.date && values.arrivalTime ? JSON.stringify(bookingBody(values)) : null;
  useEffect(() => {
    if (!booking) return undefined;
    const timer = setTimeout(() => askCheck({ restaurantId: form.restaurant.id, booking }), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [askCheck, booking, form.restaurant.id]);
  const checked = booking && check.data?.booking === booking ? check.data : undefined;
  const rules = checked?.kind === 'checked' ? checked.answer : undefined;
  const refusedField = rules?.refusal ? fieldOfRefusal(rules.refusal.field) : null;
  const refusal = rules?.refusal && refusedField && BOOKING_FIELDS.has(refusedField) ? rules.refusal.message : undefined;

  const set = <K extends keyof RequestValues>(key: K, value: RequestValues[K], clears: FieldName[]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (clears.some((field) => errors[field])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !clears.includes(field as FieldName))));
  };

  const pickDate = (date: string) => {
    const open = servicesOn(form, date);
    const keep = open.find((s) => s.service === values.service);
    setValues((v) => ({
      ...v,
      date,
      service: keep?.service ?? (open.length === 1 ? open[0].service : undefined),
      arrivalTime: keep?.arrival_times.includes(v.arrivalTime) ? v.arrivalTime : '',
    }));
    setErrors((e) => ({ ...e, date: undefined, service: undefined, arrival_time: undefined }));
  };

  const showErrors = (found: FieldErrors, message: string) => {
    setErrors(found);
    setSummary(message);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      // The calendar's chosen or first open day, else the field itself.
      const target = formRef.current?.querySelector<HTMLElement>(
        first === 'date' ? '.rq-day[aria-pressed="true"], .rq-day:not([disabled])' : `#${idOf(first).replace('.', '\\.')}, [name="${first}"]`,
      );
      target?.focus();
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validate(form, values);
    if (Object.keys(found).length > 0) {
      showErrors(found, 'La demande n’a pas été envoyée : corrigez les champs signalés.');
      return;
    }
    setSummary(undefined);
    send.mutate(
      { restaurantId: form.restaurant.id, body: requestBody(values, externalId) },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'sent') {
            setExternalId(`web-${crypto.randomUUID()}`);
            onSent(outcome, values);
          } else if (outcome.kind === 'closed') setClosed(true);
          else if (outcome.kind === 'refused') {
            const field = fieldOfRefusal(outcome.field);
            if (field) showErrors({ [field]: outcome.message }, `La demande n’a pas été envoyée : ${outcome.message}`);
            else showErrors({}, outcome.message);
          } else showErrors({}, outcome.message);
        },
      },
    );
  };

  if (closed) return <p className="rq-notice">Ce restaurant ne prend pas de demandes en ligne pour le moment.</p>;

  const people = Number(values.adults || 0) + Number(values.children || 0);
  return (
    <form ref={formRef} className="rq-form" onSubmit={submit} noValidate aria-label="Demande de réservation de groupe">
      <div role="alert" className={summary ? 'rq-summary' : 'rq-summary rq-empty'}>
        {summary}
      </div>

      <Fieldset legend="Date">
        <Calendar
          value={values.date}
          first={form.today}
          last={form.last_date}
          bookable={(date) => isBookable(form, date)}
          onChange={pickDate}
          invalid={!!errors.date}
          describedBy={errorIdOf('date')}
        />
        <p className="rq-hint">{values.date ? `Date choisie : ${formatLongDate(values.date)}` : 'Les jours grisés sont fermés aux groupes.'}</p>
        <FieldError field="date" errors={errors} />
      </Fieldset>

      {services.length > 0 && (
        <Fieldset legend="Service">
          <div className="rq-choices" aria-describedby={errorIdOf('service')}>
            {services.map((s, i) => (
              <label key={s.service} className="rq-choice">
                <input
                  type="radio"
                  name="service"
                  id={i === 0 ? idOf('service') : undefined}
                  value={s.service}
                  checked={values.service === s.service}
                  onChange={() => {
                    set('service', s.service, ['service', 'arrival_time', 'adults', 'menu_id']);
                    setValues((v) => ({ ...v, service: s.service, arrivalTime: '', menuId: regularMenus(form, s.service).some((m) => m.id === v.menuId) ? v.menuId : '' }));
                  }}
                />
                <span>
                  {SERVICE_LABELS[s.service]}{' '}
                  <span className="rq-muted">
                    ({s.from} – {s.to})
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError field="service" errors={errors} />
        </Fieldset>
      )}

      {service && (
        <div className="rq-field">
          <label htmlFor={idOf('arrival_time')}>Heure d’arrivée</label>
          <select {...a11y('arrival_time', errors)} value={values.arrivalTime} onChange={(e) => set('arrivalTime', e.target.value, ['arrival_time'])}>
            <option value="">Choisissez une heure</option>
            {service.arrival_times.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
          <FieldError field="arrival_time" errors={errors} />
        </div>
      )}

      <div className="rq-row">
        <div className="rq-field">
          <label htmlFor={idOf('adults')}>Adultes</label>
          <input
            {...a11y('adults', errors)}
            type="number"
            inputMode="numeric"
            min={1}
            max={service?.group_size.max ?? 1000}
            value={values.adults}
            onChange={(e) => set('adults', e.target.value, ['adults'])}
          />
        </div>
        <div className="rq-field">
          <label htmlFor={idOf('children')}>Enfants</label>
          <input {...a11y('children', errors)} type="number" inputMode="numeric" min={0} value={values.children} onChange={(e) => set('children', e.target.value, ['children', 'adults'])} />
        </div>
      </div>
      <p className="rq-hint" id="rq-group-hint">
        {service
          ? `Groupes de ${service.group_size.min} à ${service.group_size.max} personnes au ${service.service === 'lunch' ? 'déjeuner' : 'dîner'}.${people > 0 ? ` Vous êtes ${people}.` : ''}`
          : 'Choisissez une date et un service pour voir la taille de groupe acceptée.'}
        {kids && ` Les enfants prennent le ${kids.name} (${formatEuros(kids.price_per_person)}).`}
      </p>
      <FieldError field="adults" errors={errors} />
      <FieldError field="children" errors={errors} />

      <Fieldset legend="Menu">
        {menus.length === 0 && <p className="rq-hint">Aucun menu n’est proposé pour ce service : le restaurant vous conseillera.</p>}
        <div className="rq-choices" aria-describedby={errorIdOf('menu_id')}>
          {menus.map((menu, i) => (
            <label key={menu.id} className="rq-choice rq-menu">
              <input
                type="radio"
                name="menu_id"
                id={i === 0 ? idOf('menu_id') : undefined}
                value={menu.id}
                checked={values.menuId === menu.id}
                onChange={() => set('menuId', menu.id, ['menu_id'])}
              />
              <span>
                <strong>{menu.name}</strong> — {formatEuros(menu.price_per_person)} par personne
                {menu.content && <span className="rq-muted rq-block">{menu.content}</span>}
                {menu.items.length > 0 && <span className="rq-muted rq-block">{menu.items.map((item) => item.name).join(' · ')}</span>}
              </span>
            </label>
          ))}
        </div>
        <FieldError field="menu_id" errors={errors} />
      </Fieldset>

      {form.options.length > 0 && (
        <Fieldset legend="Options">
          <div className="rq-choices" aria-describedby={errorIdOf('options')}>
            {form.options.map((option, i) => (
              <label key={option.id} className="rq-choice">
                <input
                  type="checkbox"
                  id={i === 0 ? idOf('options') : undefined}
                  checked={values.optionIds.includes(option.id)}
                  onChange={(e) => set('optionIds', e.target.checked ? [...values.optionIds, option.id] : values.optionIds.filter((id) => id !== option.id), ['options'])}
                />
                <span>
                  {option.title} — {formatEuros(option.price)}
                  {option.price_type === 'per_person' ? ' par personne' : ' au total'}
                </span>
              </label>
            ))}
          </div>
          <FieldError field="options" errors={errors} />
        </Fieldset>
      )}

      <section className="rq-estimate" aria-label="Estimation" aria-live="polite">
        {quote ? (
          <>
            <p className="rq-estimate-title">Estimation</p>
            <ul>
              {quote.lines.map((line) => (
                <li key={line.label}>
                  <span>{line.label}</span>
                  <span>{formatEuros(line.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="rq-total">
              <span>Total estimé</span>
              <strong>{rules?.total_amount != null ? formatEuros(rules.total_amount) : booking && !checked ? 'Calcul…' : '—'}</strong>
            </p>
            {refusal && <p className="rq-error">{refusal}</p>}
            {booking === null && <p className="rq-hint">Choisissez la date et l’heure d’arrivée pour voir le total.</p>}
            {checked?.kind === 'failed' && <p className="rq-hint">Le total n’a pas pu être calculé : il le sera à l’envoi de la demande.</p>}
            {rules?.deposit && <p className="rq-hint">{depositHint(rules.deposit)}</p>}
          </>
        ) : (
          <p className="rq-hint">Choisissez un menu et le nombre de personnes pour voir l’estimation.</p>
        )}
      </section>

      <Fieldset legend="Vos coordonnées">
        <div className="rq-field">
          <label htmlFor={idOf('customer.name')}>Nom</label>
          <input {...a11y('customer.name', errors)} autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value, ['customer.name'])} />
          <FieldError field="customer.name" errors={errors} />
        </div>
        <div className="rq-field">
          <label htmlFor={idOf('customer.email')}>E-mail</label>
          <input {...a11y('customer.email', errors)} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value, ['customer.email'])} />
          <FieldError field="customer.email" errors={errors} />
        </div>
        <div className="rq-field">
          <label htmlFor={idOf('customer.phone')}>
            Téléphone <span className="rq-muted">(facultatif)</span>
          </label>
          <input {...a11y('customer.phone', errors)} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value, ['customer.phone'])} />
          <FieldError field="customer.phone" errors={errors} />
        </div>
        <div className="rq-field">
          <label htmlFor={idOf('dietary_notes')}>
            Allergies et régimes <span className="rq-muted">(facultatif)</span>
          </label>
          <p className="rq-hint" id="rq-dietary-hint">
            Par exemple : deux sans gluten, une allergie aux arachides. Transmis à la cuisine.
          </p>
          <textarea
            {...a11y('dietary_notes', errors)}
            aria-describedby={`${errorIdOf('dietary_notes')} rq-dietary-hint`}
            rows={2}
            maxLength={DIETARY_NOTES_MAX}
            value={values.dietaryNotes}
            onChange={(e) => set('dietaryNotes', e.target.value, ['dietary_notes'])}
          />
          <FieldError field="dietary_notes" errors={errors} />
        </div>
        <div className="rq-field">
          <label htmlFor={idOf('message')}>
            Message <span className="rq-muted">(facultatif)</span>
          </label>
          <textarea {...a11y('message', errors)} rows={3} maxLength={2000} value={values.message} onChange={(e) => set('message', e.target.value, ['message'])} />
          <FieldError field="message" errors={errors} />
        </div>
        {/* The honeypot: hidden from people and screen readers, out of the tab order; robots fill it. */}
        <div className="rq-trap" aria-hidden="true">
          <label htmlFor="rq-website">Site web</label>
          <input id="rq-website" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={(e) => setValues((v) => ({ ...v, website: e.target.value }))} />
        </div>
      </Fieldset>

      <div className="rq-field">
        {form.cgv && (
          <p className="rq-hint">
            Annulation sans frais jusqu’à {POLICY_LABELS[form.cgv.cancellation_policy] ?? form.cgv.cancellation_policy} avant le repas ; modification jusqu’à{' '}
            {POLICY_LABELS[form.cgv.modification_policy] ?? form.cgv.modification_policy} avant.
          </p>
        )}
        <label className="rq-choice">
          <input type="checkbox" {...a11y('cgv', errors)} checked={values.acceptCgv} onChange={(e) => set('acceptCgv', e.target.checked, ['cgv'])} />
          <span>
            J’accepte les conditions générales de vente
            {form.cgv?.link && (
              <>
                {' '}
                (
                <a href={form.cgv.link} target="_blank" rel="noopener noreferrer">
                  lire les CGV
                </a>
                )
              </>
            )}
          </span>
        </label>
        <FieldError field="cgv" errors={errors} />
      </div>

      <button type="submit" className="rq-submit" disabled={send.isPending}>
        {send.isPending ? 'Envoi en cours...' : 'Envoyer la demande'}
      </button>
      <PrivacyNotice form={form} />
    </form>
  );
}
