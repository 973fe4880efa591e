/**
 * 'Fermetures exceptionnelles' on the Horaires tab (edit only): close a date's lunch, dinner or both,
 * with an optional reason, and list the upcoming closures with 'Supprimer'. Each change is stored at
 * once (not with the hours form's 'Enregistrer'), in the closures' own query (@tablee/domain closures),
 * which the planning reads too. `notify` shows the page's toast.
 */
import { closeServices, closureKeys, closureServicesLabel, fetchClosures, reopenClosures, type Closure, type ClosureService } from '@tablee/domain';
import { formatLongDate, parisToday, QueryState, type ToastType } from '@tablee/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Form, Input, Popconfirm, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { maxLengthOf, textRules } from '../field-rules';

export const CLOSURES_TITLE = 'Fermetures exceptionnelles';
export const CLOSURE_MESSAGES = {
  added: 'La fermeture a été enregistrée.',
  removed: 'La fermeture a été supprimée : le service prend de nouveau des demandes.',
  loadError: 'Erreur lors du chargement des fermetures',
  dateRequired: 'Choisissez la date à fermer',
  servicesRequired: 'Choisissez au moins un service',
} as const;
const REASON_MAX = maxLengthOf('restaurant_closures', 'reason');

const SERVICE_OPTIONS: { value: ClosureService; label: string }[] = [
  { value: 'lunch', label: 'Midi' },
  { value: 'dinner', label: 'Soir' },
];

/** The upcoming closures (from today, Paris), under the closures' key. */
export const upcomingClosuresQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: closureKeys.range(restaurantId, 'upcoming', null), queryFn: () => fetchClosures(restaurantId, parisToday()) });

/** One line per date: its closed services, their reasons, their ids (deleted together). */
export interface ClosedDate {
  date: string;
  services: ClosureService[];
  reason: string | null;
  ids: string[];
}

export function closedDates(closures: Closure[]): ClosedDate[] {
  const byDate = new Map<string, ClosedDate>();
  for (const c of closures) {
    const line = byDate.get(c.date) ?? { date: c.date, services: [], reason: null, ids: [] };
    line.services.push(c.service);
    line.ids.push(c.id);
    if (c.reason && !line.reason?.split(', ').includes(c.reason)) line.reason = line.reason ? `${line.reason}, ${c.reason}` : c.reason;
    byDate.set(c.date, line);
  }
  return [...byDate.values()].map((l) => ({ ...l, services: (['lunch', 'dinner'] as const).filter((s) => l.services.includes(s)) }));
}

/**
 * Enter in the date field confirms the date (the picker's own handling) and does not submit the form:
 * the services and the reason come next, and only 'Ajouter la fermeture' adds the closure.
 */
const confirmDateOnly = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

interface NewClosure {
  date?: Dayjs;
  services: ClosureService[];
  reason?: string;
}

export function ClosuresManager({ restaurantId, notify }: { restaurantId: string; notify: (type: ToastType, message: string) => void }) {
  const query = useQuery(upcomingClosuresQueryOptions(restaurantId));
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewClosure>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: closureKeys.all(restaurantId) });
  const add = useMutation({
    mutationFn: (v: NewClosure) => closeServices(restaurantId, v.date!.format('YYYY-MM-DD'), v.services, v.reason?.trim() || null),
    onSuccess: async () => {
      await refresh();
      form.resetFields();
      notify('success', CLOSURE_MESSAGES.added);
    },
    // The database's French message (a past date, …).
    onError: (err) => notify('error', err.message),
  });
  const remove = useMutation({
    mutationFn: (line: ClosedDate) => reopenClosures(line.ids),
    onSuccess: async () => {
      await refresh();
      notify('success', CLOSURE_MESSAGES.removed);
    },
    onError: (err) => notify('error', err.message),
  });
  const busy = add.isPending || remove.isPending;
  const today = parisToday();

  return (
    <section aria-label={CLOSURES_TITLE}>
      <Card size="small" title={CLOSURES_TITLE}>
        <Typography.Paragraph type="secondary">
          Noël, un événement privé, des congés : un service fermé ne prend pas de nouvelle demande ce jour-là. Les réservations déjà prises restent à traiter une à une.
        </Typography.Paragraph>
        <Form
          form={form}
          name="closures"
          layout="inline"
          initialValues={{ services: ['lunch', 'dinner'] }}
          onFinish={(v) => add.mutate(v)}
          disabled={busy}
          style={{ rowGap: 8, marginBottom: 16 }}
        >
          <Form.Item label="Date" name="date" rules={[{ required: true, message: CLOSURE_MESSAGES.dateRequired }]}>
            <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.format('YYYY-MM-DD') < today} placeholder="JJ/MM/AAAA" onKeyDown={confirmDateOnly} />
          </Form.Item>
          <Form.Item
            label="Services"
            name="services"
            rules={[
              // A validator rather than `required`: antd would set aria-required on the group's div, which axe refuses.
              { validator: (_, v?: ClosureService[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(CLOSURE_MESSAGES.servicesRequired))) },
            ]}
          >
            <Checkbox.Group options={SERVICE_OPTIONS} />
          </Form.Item>
          <Form.Item label="Motif (facultatif)" name="reason" rules={textRules('restaurant_closures', 'reason')}>
            <Input placeholder="Noël, soirée privée…" style={{ width: 220 }} maxLength={REASON_MAX} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={add.isPending}>
              Ajouter la fermeture
            </Button>
          </Form.Item>
        </Form>
        <QueryState query={query} errorMessage={CLOSURE_MESSAGES.loadError}>
          {(closures) =>
            closures.length === 0 ? (
              <Typography.Text type="secondary">Aucune fermeture exceptionnelle à venir.</Typography.Text>
            ) : (
              <ul aria-label="Fermetures à venir" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
                {closedDates(closures).map((line) => {
                  const day = formatLongDate(line.date);
                  return (
                    <li key={line.date} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
                      <Typography.Text strong>{day}</Typography.Text>
                      <Typography.Text>— {closureServicesLabel(line.services)}</Typography.Text>
                      {line.reason && <Typography.Text type="secondary">({line.reason})</Typography.Text>}
                      <Popconfirm title={`Rouvrir le ${day} ?`} okText="Supprimer" cancelText="Annuler" onConfirm={() => remove.mutate(line)}>
                        <Button size="small" danger disabled={busy} aria-label={`Supprimer la fermeture du ${day}`}>
                          Supprimer
                        </Button>
                      </Popconfirm>
                    </li>
                  );
                })}
              </ul>
            )
          }
        </QueryState>
      </Card>
    </section>
  );
}
