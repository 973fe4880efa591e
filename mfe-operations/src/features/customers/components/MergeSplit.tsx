/**
 * 'Fusionner avec…': another entry of the same person, found by a search, joins this one (which is kept);
 * 'Séparer…': some of this entry's reservations become a new entry (another person with the same e-mail).
 */
import { customerListQueryOptions } from '@tablee/operations-data';
import { formatDate } from '@tablee/shared';
import type { CustomerDetail } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { customerErrorMessage, useMergeCustomers, useSplitCustomer } from '../api/customers';
import { formatCustomerPhone } from '../format';

export function MergeModal({ restaurantId, customer, onClose, onDone }: { restaurantId: string; customer: CustomerDetail; onClose: () => void; onDone: (message: string) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string>();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ ...customerListQueryOptions(restaurantId, { search, sort: 'last_visit', page: 1 }), enabled: search.length > 0 });
  const merging = useMergeCustomers(restaurantId, customer.id);
  const options = (found.data?.rows ?? [])
    .filter((row) => row.id !== customer.id)
    .map((row) => ({
      value: row.id,
      label: [row.display_name || 'Sans nom', row.email, row.phone_e164 ? formatCustomerPhone(row.phone_e164) : null, row.company].filter(Boolean).join(' — '),
    }));
  return (
    <Modal
      open
      title={`Fusionner ${customer.displayName || 'ce client'} avec…`}
      okText="Fusionner"
      cancelText="Annuler"
      okButtonProps={{ disabled: !chosen, loading: merging.isPending }}
      onCancel={onClose}
      onOk={() =>
        chosen &&
        merging.mutate(chosen, {
          onSuccess: (answer) => onDone(`Clients fusionnés : ${answer.reservations} réservation(s) rattachée(s).`),
        })
      }
    >
      <Typography.Paragraph>Choisissez l’autre fiche de la même personne : ses réservations et conversations rejoignent celle-ci, qui est conservée.</Typography.Paragraph>
      <Select
        showSearch={{ filterOption: false, onSearch: setText }}
        aria-label="Rechercher l’autre fiche"
        placeholder="Nom, e-mail, téléphone, entreprise"
        value={chosen}
        onChange={setChosen}
        options={options}
        loading={found.isFetching}
        notFoundContent={search ? (found.isFetching ? 'Recherche…' : 'Aucun client trouvé') : 'Tapez pour rechercher'}
        style={{ width: '100%' }}
      />
      {merging.isError && <Alert type="error" showIcon title={customerErrorMessage(merging.error)} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

export function SplitModal({ restaurantId, customer, onClose, onDone }: { restaurantId: string; customer: CustomerDetail; onClose: () => void; onDone: (message: string) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const splitting = useSplitCustomer(restaurantId, customer.id);
  const all = chosen.length === customer.reservations.length;
  return (
    <Modal
      open
      title="Séparer des réservations"
      okText="Séparer"
      cancelText="Annuler"
      okButtonProps={{ disabled: chosen.length === 0 || all, loading: splitting.isPending }}
      onCancel={onClose}
      onOk={() => splitting.mutate(chosen, { onSuccess: (answer) => onDone(`Nouvelle fiche créée avec ${answer.reservations} réservation(s).`) })}
    >
      <Typography.Paragraph>Les réservations cochées forment une nouvelle fiche client (une autre personne avec les mêmes coordonnées, par exemple).</Typography.Paragraph>
      <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as string[])} style={{ display: 'grid', gap: 8 }}>
        {customer.reservations.map((r) => (
          <Checkbox key={r.id} value={r.id}>
            {r.numero} — {formatDate(r.reservationDate)} — {r.covers} couvert{r.covers > 1 ? 's' : ''}
          </Checkbox>
        ))}
      </Checkbox.Group>
      {all && <Alert type="info" showIcon title="Laissez au moins une réservation sur cette fiche." style={{ marginTop: 12 }} />}
      {splitting.isError && <Alert type="error" showIcon title={customerErrorMessage(splitting.error)} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
