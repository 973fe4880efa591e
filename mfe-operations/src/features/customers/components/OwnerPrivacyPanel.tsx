/**
 * The owner's part of 'Clients' (a manager never sees it; the database refuses them anyway): the entries
 * the daily job will anonymise in the next 30 days, and how long the customers' data is kept.
 */
import { customersDueQueryOptions, restaurantPrivacyQueryOptions, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from '@tablee/operations-data';
import { formatDate, QueryState, type useToast } from '@tablee/shared';
import type { CustomerDue } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { customerErrorMessage, useSaveRetention } from '../api/customers';
import { CARD_STYLES } from '../format';

type ShowToast = ReturnType<typeof useToast>['showToast'];

/** `showToast`: the page's toast (one per page: a second useToast would replay the toast a page just left said). */
export function OwnerPrivacyPanel({ restaurantId, showToast }: { restaurantId: string; showToast: ShowToast }) {
  const due = useQuery(customersDueQueryOptions(restaurantId));
  const privacy = useQuery(restaurantPrivacyQueryOptions(restaurantId));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: 16, alignItems: 'start' }} data-testid="owner-privacy">
      <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>Données à effacer dans les 30 jours</h2>}>
        <QueryState query={due} errorMessage="Erreur lors du chargement des données à effacer" loadingLabel="Chargement...">
          {(rows) =>
            rows.length === 0 ? (
              <Typography.Text type="secondary">Aucun client n’atteint la durée de conservation dans les 30 prochains jours.</Typography.Text>
            ) : (
              <Table<CustomerDue>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={rows}
                columns={[
                  { title: 'Client', key: 'name', render: (_, row) => <Link to={encodeURIComponent(row.id)}>{row.display_name || 'Sans nom'}</Link> },
                  { title: 'Dernier contact', key: 'last', render: (_, row) => formatDate(row.last_contact_at) },
                  { title: 'Effacé le', key: 'due', render: (_, row) => formatDate(row.due_at) },
                ]}
              />
            )
          }
        </QueryState>
      </Card>
      <Card styles={CARD_STYLES} title={<h2 style={{ margin: 0, fontSize: 16 }}>Conservation des données des clients</h2>}>
        <QueryState query={privacy} errorMessage="Erreur lors du chargement du réglage" loadingLabel="Chargement...">
          {(data) => <RetentionForm restaurantId={restaurantId} months={data.retentionMonths} showToast={showToast} />}
        </QueryState>
      </Card>
    </div>
  );
}

function RetentionForm({ restaurantId, months, showToast }: { restaurantId: string; months: number; showToast: ShowToast }) {
  const [form] = Form.useForm<{ months: number }>();
  const saving = useSaveRetention(restaurantId);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ months }}
      onFinish={({ months: chosen }) =>
        saving.mutate(chosen, {
          onSuccess: () => showToast('success', 'Durée de conservation enregistrée'),
          onError: (error) => showToast('error', customerErrorMessage(error)),
        })
      }
    >
      <Form.Item
        name="months"
        label="Durée de conservation après le dernier contact (en mois)"
        help="La CNIL recommande au plus 3 ans après le dernier contact."
        rules={[{ required: true, type: 'integer', min: RETENTION_MONTHS_MIN, max: RETENTION_MONTHS_MAX, message: `Entre ${RETENTION_MONTHS_MIN} et ${RETENTION_MONTHS_MAX} mois` }]}
      >
        <InputNumber min={RETENTION_MONTHS_MIN} max={RETENTION_MONTHS_MAX} precision={0} suffix="mois" style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending} style={{ marginTop: 16 }}>
        Enregistrer
      </Button>
    </Form>
  );
}
