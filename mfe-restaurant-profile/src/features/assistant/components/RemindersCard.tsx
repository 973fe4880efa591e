/**
 * 'Messages automatiques': the reminders the customers get (the final headcount, the day before, the
 * acompte due), each on or off with its days, and a preview of each message as a customer reads it
 * (the words of @tablee/domain/reminders, the very ones the reservation service sends).
 */
import { myRoleQuery } from '@tablee/domain';
import { REMINDER_KINDS, REMINDER_LABELS, reminderMessage, type ReminderKind, type ReminderSettings } from '@tablee/domain/reminders';
import { QueryState } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { reminderSettingsQueryOptions, ReminderSettingsRefusal, useSaveReminderSettings } from '../api/reminders';
import { Block } from './Block';

/** When each reminder leaves, in the owner's words. */
const WHEN: Record<ReminderKind, (s: ReminderSettings) => string> = {
  headcount: (s) => `${s.headcount_days} jour${s.headcount_days > 1 ? 's' : ''} avant le repas, tant que le client peut encore modifier sa réservation.`,
  day_before: () => 'La veille du repas, à partir de 10:00.',
  deposit: (s) => `${s.deposit_days} jour${s.deposit_days > 1 ? 's' : ''} après l’acceptation, si l’acompte n’est pas encore reçu.`,
};

const DAY = 86_400_000;

/** An example reservation to preview the messages with: 14 guests, ten days from now at 20:00. */
function example(restaurantName: string, address: string) {
  const date = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
  return {
    restaurantName: restaurantName || 'Votre restaurant',
    address: address || 'l’adresse du restaurant',
    customerName: 'Camille Durand',
    date,
    arrivalTime: '20:00',
    guests: 14,
    modifyUntil: new Date(Date.parse(`${date}T20:00:00`) - 2 * DAY).toISOString(),
    deposit: 150,
    pageUrl: `${window.location.origin}/ma-reservation/…`,
  };
}

export function RemindersCard({
  restaurantId,
  restaurantName,
  address,
  onResult,
}: {
  restaurantId: string;
  restaurantName: string;
  address: string;
  onResult: (ok: boolean, message: string) => void;
}) {
  const settings = useQuery(reminderSettingsQueryOptions(restaurantId));
  const role = useQuery(myRoleQuery(restaurantId)).data;
  const save = useSaveReminderSettings(restaurantId);
  const [form] = Form.useForm<ReminderSettings>();
  const submit = (values: ReminderSettings) =>
    save.mutate(values, {
      onSuccess: () => onResult(true, 'Les messages automatiques ont été enregistrés.'),
      onError: (error) => {
        if (error instanceof ReminderSettingsRefusal && error.field) form.setFields([{ name: error.field, errors: [error.message] }]);
        else onResult(false, error.message);
      },
    });
  return (
    <Block title="Messages automatiques">
      <QueryState query={settings} errorMessage="Erreur lors du chargement des messages automatiques" loadingLabel="Chargement...">
        {(initial) => {
          const facts = example(restaurantName, address);
          return (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <Typography.Paragraph style={{ margin: 0 }}>
                Tablée rappelle à vos clients ce qu’ils ont à faire, avec le lien de leur page de réservation : par e-mail, et sur WhatsApp quand ils ont donné un mobile et que votre numéro
                WhatsApp est relié. Chaque rappel part une seule fois, jamais pour une réservation annulée, refusée ou passée, et l’historique de la réservation le mentionne.
              </Typography.Paragraph>
              <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} disabled={role !== 'owner'}>
                {REMINDER_KINDS.map((kind) => {
                  const message = reminderMessage(kind, facts);
                  const days = kind === 'headcount' ? 'headcount_days' : kind === 'deposit' ? 'deposit_days' : null;
                  return (
                    <div key={kind} style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 12, marginBottom: 12 }}>
                      <Space wrap align="start" size={24}>
                        <Form.Item name={`${kind}_enabled`} label={REMINDER_LABELS[kind]} valuePropName="checked" style={{ marginBottom: 8 }}>
                          <Switch checkedChildren="Activé" unCheckedChildren="Désactivé" />
                        </Form.Item>
                        {days && (
                          <Form.Item
                            name={days}
                            label={kind === 'headcount' ? 'Jours avant le repas' : 'Jours après l’acceptation'}
                            rules={[{ required: true, message: 'Indiquez un nombre de jours.' }]}
                            style={{ marginBottom: 8 }}
                          >
                            <InputNumber min={1} max={kind === 'headcount' ? 60 : 30} precision={0} style={{ width: 120 }} />
                          </Form.Item>
                        )}
                      </Space>
                      {/* Follows the form as it is changed, not the saved row. */}
                      <Form.Item noStyle shouldUpdate>
                        {() => {
                          const current = { ...initial, ...form.getFieldsValue(true) } as ReminderSettings;
                          return (
                            <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }}>
                              {current[`${kind}_enabled`] ? WHEN[kind](current) : 'Ce rappel ne part pas.'}
                            </Typography.Paragraph>
                          );
                        }}
                      </Form.Item>
                      {/* A disclosure of the browser's own: no other antd component for the shell to share. */}
                      <details>
                        <summary style={{ cursor: 'pointer' }}>Aperçu : « {message.subject} »</summary>
                        <div style={{ padding: '8px 12px', marginTop: 6, background: 'rgba(0, 0, 0, 0.02)', borderRadius: 6 }}>
                          {message.paragraphs.map((p) => (
                            <Typography.Paragraph key={p} style={{ margin: '0 0 6px' }}>
                              {p}
                            </Typography.Paragraph>
                          ))}
                        </div>
                      </details>
                    </div>
                  );
                })}
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Enregistrer
                </Button>
              </Form>
              {role !== undefined && role !== 'owner' && <Typography.Text type="secondary">Seuls les propriétaires du restaurant règlent les messages automatiques.</Typography.Text>}
            </Space>
          );
        }}
      </QueryState>
    </Block>
  );
}
