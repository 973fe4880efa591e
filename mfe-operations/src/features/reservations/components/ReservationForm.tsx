import { SERVICE_LABELS, type Service } from '@tablee/operations-data';
import { formatEuros } from '@tablee/shared';
import { ALLOW_CLEAR } from '@tablee/domain/french';
import { perPersonOptionsOutOfStep, perPersonOptionsWarning, type AssistantKnowledge } from '@tablee/domain';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { BookingRefusal, type BookingRequest } from '../api/bookings';

/** The form's values: the contract's fields (a refusal's `field` names one of them), the date as a day, the service that filters the times. */
export interface ReservationFormValues {
  date?: Dayjs | null;
  service?: Service;
  arrival_time?: string;
  adults?: number | null;
  children?: number | null;
  menu_id?: string | null;
  options?: { option_id?: string; quantity?: number | null }[];
  customer?: { name?: string; email?: string; phone?: string };
  dietary_notes?: string;
  notes?: string;
  accept?: boolean;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const blank = (text: string | undefined | null) => (text?.trim() ? text.trim() : null);

/** The booking the form holds, as the contract writes it. */
export function bookingFromValues(values: ReservationFormValues): Omit<BookingRequest, 'external_id'> {
  return {
    date: values.date ? values.date.format('YYYY-MM-DD') : '',
    arrival_time: values.arrival_time ?? '',
    adults: values.adults ?? 0,
    children: values.children ?? 0,
    menu_id: values.menu_id ?? null,
    options: (values.options ?? []).filter((o) => o.option_id).map((o) => ({ option_id: o.option_id!, quantity: o.quantity ?? null })),
    customer: { name: values.customer?.name?.trim() ?? '', email: blank(values.customer?.email), phone: blank(values.customer?.phone) },
    dietary_notes: blank(values.dietary_notes),
    notes: blank(values.notes),
  };
}

/**
 * Where a refusal's field is on the form (the contract's dotted path: customer.email, options.0.quantity);
 * undefined: said above the form ('customer', a contact missing, goes on the e-mail).
 */
function formField(field: string | null): (string | number)[] | undefined {
  if (!field) return undefined;
  if (field === 'customer') return ['customer', 'email'];
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const top = ['date', 'arrival_time', 'adults', 'children', 'menu_id', 'customer', 'dietary_notes', 'notes'];
  if (top.includes(String(path[0]))) return path;
  if (path[0] === 'options' && path.length === 3) return path;
  return undefined;
}

/** The day's services as the restaurant's profile has them (open ones only). */
function servicesOn(profile: AssistantKnowledge, date: Dayjs | null | undefined) {
  if (!date) return [];
  return profile.days.find((d) => d.day === WEEKDAYS[date.day()] && d.is_open)?.services ?? [];
}

/**
 * 'Nouvelle réservation' and 'Modifier': date, service and arrival time (the times the restaurant
 * offers that day), adults and children, menu and options, the customer, allergies and diets, internal
 * notes; 'Confirmer directement' for a new booking. antd's Form holds the values; the database's
 * refusals come back in French on their field (`onSubmit` throws a BookingRefusal).
 */
export function ReservationForm({
  profile,
  initialValues,
  submitLabel,
  withAccept = false,
  busy = false,
  onSubmit,
  onCancel,
  form: givenForm,
}: {
  profile: AssistantKnowledge;
  initialValues: ReservationFormValues;
  submitLabel: string;
  withAccept?: boolean;
  busy?: boolean;
  onSubmit: (booking: Omit<BookingRequest, 'external_id'>, accept: boolean) => Promise<void>;
  onCancel?: () => void;
  form?: FormInstance<ReservationFormValues>;
}) {
  const [ownForm] = Form.useForm<ReservationFormValues>();
  const form = givenForm ?? ownForm;
  const [general, setGeneral] = useState<string | null>(null);
  const date = Form.useWatch('date', form) ?? initialValues.date;
  const service = Form.useWatch('service', form) ?? initialValues.service;
  const adults = Form.useWatch('adults', form) ?? initialValues.adults;
  const chosenOptions = Form.useWatch('options', form) ?? initialValues.options ?? [];
  // A per-person option keeps its quantity when the group changes (18 → 22 adults, champagne × 18): said, not changed.
  const optionsWarning = adults ? perPersonOptionsWarning(perPersonOptionsOutOfStep(chosenOptions, profile.options, adults), adults) : null;
  const services = servicesOn(profile, date);
  const times = services.filter((s) => !service || s.service === service).flatMap((s) => s.arrival_times);
  const current = initialValues.arrival_time;
  const timeChoices = current && !times.includes(current) && date?.isSame(initialValues.date, 'day') ? [current, ...times] : times;
  const menus = profile.menus.filter((m) => !m.is_children_menu && (!service || (service === 'lunch' ? m.available_lunch : m.available_dinner)));

  const finish = async (values: ReservationFormValues) => {
    setGeneral(null);
    try {
      await onSubmit(bookingFromValues(values), !!values.accept);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Une erreur est survenue. Veuillez réessayer plus tard.';
      const path = error instanceof BookingRefusal ? formField(error.field) : undefined;
      if (path) form.setFields([{ name: path as Parameters<typeof form.getFieldValue>[0], errors: [message] }]);
      else setGeneral(message);
    }
  };

  return (
    <Form<ReservationFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={finish} disabled={busy}>
      {general && <Alert type="error" showIcon title={general} style={{ marginBottom: 16 }} data-testid="booking-error" />}
      <Space wrap size="middle" align="start">
        <Form.Item name="date" label="Date" rules={[{ required: true, message: 'Choisissez la date.' }]}>
          <DatePicker format="DD/MM/YYYY" allowClear={false} placeholder="JJ/MM/AAAA" />
        </Form.Item>
        <Form.Item name="service" label="Service">
          <Radio.Group
            optionType="button"
            options={(['lunch', 'dinner'] as const).map((s) => ({ value: s, label: SERVICE_LABELS[s] }))}
            onChange={() => form.setFieldValue('arrival_time', undefined)}
          />
        </Form.Item>
        <Form.Item name="arrival_time" label="Heure d’arrivée" rules={[{ required: true, message: 'Choisissez l’heure d’arrivée.' }]}>
          <Select
            style={{ minWidth: 140 }}
            placeholder="HH:MM"
            options={timeChoices.map((t) => ({ value: t, label: t }))}
            notFoundContent={date ? 'Aucune heure d’arrivée ce jour-là' : 'Choisissez d’abord la date'}
          />
        </Form.Item>
      </Space>
      <Space wrap size="middle" align="start">
        <Form.Item name="adults" label="Adultes" rules={[{ required: true, message: 'Indiquez le nombre d’adultes.' }]}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="children" label="Enfants">
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="menu_id" label="Menu">
          <Select
            allowClear={ALLOW_CLEAR}
            style={{ minWidth: 240 }}
            placeholder="Aucun menu"
            options={menus.map((m) => ({ value: m.id, label: `${m.name} — ${formatEuros(m.price_per_person)}` }))}
          />
        </Form.Item>
      </Space>
      <Form.List name="options">
        {(fields, { add, remove }) => (
          <Form.Item label="Options">
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item name={[field.name, 'option_id']} rules={[{ required: true, message: 'Choisissez l’option.' }]}>
                  <Select
                    aria-label="Option"
                    style={{ minWidth: 240 }}
                    placeholder="Option"
                    options={profile.options.map((o) => ({ value: o.id, label: `${o.title} — ${formatEuros(o.price)}${o.price_type === 'per_person' ? ' / pers.' : ''}` }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'quantity']} tooltip="Vide : une par adulte pour une option par personne, une pour une option au forfait">
                  <InputNumber aria-label="Quantité" min={1} max={1000} precision={0} placeholder="Quantité" />
                </Form.Item>
                <Button onClick={() => remove(field.name)}>Retirer</Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({})} disabled={!profile.options.length}>
              Ajouter une option
            </Button>
            {optionsWarning && <Alert type="warning" showIcon title={optionsWarning} style={{ marginTop: 8 }} data-testid="options-out-of-step" />}
          </Form.Item>
        )}
      </Form.List>
      <Space wrap size="middle" align="start">
        <Form.Item name={['customer', 'name']} label="Nom du client" rules={[{ required: true, whitespace: true, message: 'Indiquez le nom du client.' }]}>
          <Input maxLength={200} style={{ minWidth: 220 }} />
        </Form.Item>
        <Form.Item name={['customer', 'email']} label="Email" rules={[{ type: 'email', message: 'Adresse e-mail invalide.' }]}>
          <Input type="email" maxLength={320} style={{ minWidth: 240 }} />
        </Form.Item>
        <Form.Item name={['customer', 'phone']} label="Téléphone">
          <Input type="tel" maxLength={100} />
        </Form.Item>
      </Space>
      <Form.Item name="dietary_notes" label="Allergies et régimes" extra="Imprimé en tête de la feuille cuisine.">
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Par exemple : deux sans gluten, une allergie aux arachides" />
      </Form.Item>
      <Form.Item name="notes" label="Notes internes" extra="Pour l’équipe : jamais envoyées au client ; imprimées sur la feuille salle.">
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      {withAccept && (
        <Form.Item name="accept" valuePropName="checked" extra="La réservation est acceptée dès son enregistrement : le client reçoit la confirmation par e-mail.">
          <Checkbox>Confirmer directement</Checkbox>
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Annuler</Button>}
      </Space>
    </Form>
  );
}

/** The form's values of a date and service to start from (a planning cell's), for a new booking. */
export function newBookingValues(start: { date?: string; service?: Service }): ReservationFormValues {
  return { date: start.date ? dayjs(start.date) : undefined, service: start.service, adults: undefined, children: 0, options: [], customer: {}, accept: false };
}
