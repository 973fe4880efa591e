/**
 * 'Clé de l'assistant': the keys the restaurant's chatbot backend sends its requests with. A new key
 * is shown once, in a dialog, then only its prefix; a revoked key stays listed with its date, so the
 * owner sees which key stopped when.
 */
import { formatDate, formatTime, QueryState, reservationApiEndpoint } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Tag, theme, Typography } from 'antd';
import { assistantKeysQueryOptions, useCreateAssistantKey, useRevokeAssistantKey, type AssistantKey } from '../api/keys';
import { Block } from './Block';

/** The reservation badges' green and grey (antd's preset tag colours are below AA's 4.5:1). */
const ACTIVE_TAG = { color: '#135200', background: '#f6ffed', borderColor: '#135200' };
const REVOKED_TAG = { color: '#434343', background: '#f0f0f0', borderColor: '#434343' };

/** « 25/11/2026 à 14:32 » */
const when = (at: string) => `${formatDate(at)} à ${formatTime(at)}`;

function KeyItem({ assistantKey: k, restaurantId, onResult }: { assistantKey: AssistantKey; restaurantId: string; onResult: (ok: boolean, message: string) => void }) {
  const revoke = useRevokeAssistantKey(restaurantId);
  const { token } = theme.useToken();
  const confirm = () =>
    revoke.mutateAsync(k.id).then(
      () => onResult(true, 'La clé a été révoquée : votre assistant ne peut plus l’utiliser.'),
      () => onResult(false, 'La clé n’a pas pu être révoquée. Veuillez réessayer.'),
    );
  return (
    // The button stays beside the dates at any width: the dates wrap, not the row.
    <li data-testid="assistant-key" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '8px 0', borderTop: `1px solid ${token.colorSplit}` }}>
      <div style={{ minWidth: 0 }}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text code>{k.prefix}…</Typography.Text>
          <Tag style={{ marginInlineEnd: 0, ...(k.revoked_at ? REVOKED_TAG : ACTIVE_TAG) }}>{k.revoked_at ? 'Révoquée' : 'Active'}</Tag>
        </span>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Créée le {when(k.created_at)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {k.last_used_at ? `Dernière utilisation : ${when(k.last_used_at)}` : 'Jamais utilisée'}
        </Typography.Text>
        {k.revoked_at && (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            Révoquée le {when(k.revoked_at)}
          </Typography.Text>
        )}
      </div>
      {!k.revoked_at && (
        <Popconfirm
          title="Révoquer cette clé ?"
          description="Votre assistant ne pourra plus envoyer de demandes avec elle."
          okText="Révoquer"
          cancelText="Annuler"
          okButtonProps={{ danger: true }}
          onConfirm={confirm}
        >
          <Button danger size="small" loading={revoke.isPending} aria-label={`Révoquer la clé ${k.prefix}…`}>
            Révoquer
          </Button>
        </Popconfirm>
      )}
    </li>
  );
}

export function AssistantKeysCard({ restaurantId, onResult }: { restaurantId: string; onResult: (ok: boolean, message: string) => void }) {
  const keys = useQuery(assistantKeysQueryOptions(restaurantId));
  const create = useCreateAssistantKey(restaurantId);
  const created = create.data;
  const endpoint = reservationApiEndpoint(`restaurants/${restaurantId}/requests`);
  const add = () => create.mutate(undefined, { onError: () => onResult(false, 'La clé n’a pas pu être créée. Veuillez réessayer.') });
  return (
    <Block
      title="Clé de l’assistant"
      extra={
        <Button onClick={add} loading={create.isPending}>
          Créer une clé
        </Button>
      }
    >
      <Typography.Paragraph>
        Votre assistant envoie les demandes de réservation des groupes à{' '}
        <Typography.Text code copyable={{ text: endpoint, tooltips: ['Copier l’adresse', 'Adresse copiée'] }}>
          POST {endpoint}
        </Typography.Text>{' '}
        avec l’en-tête <Typography.Text code>Authorization: Bearer &lt;clé&gt;</Typography.Text>.
      </Typography.Paragraph>
      <QueryState query={keys} errorMessage="Erreur lors du chargement des clés" loadingLabel="Chargement des clés...">
        {(list) =>
          list.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              Aucune clé : créez-en une pour connecter votre assistant.
            </Typography.Paragraph>
          ) : (
            <ul aria-label="Clés de l’assistant" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.map((k) => (
                <KeyItem key={k.id} assistantKey={k} restaurantId={restaurantId} onResult={onResult} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {/* The key lives in the mutation's answer only: closing the dialog drops it (reset). */}
      <Modal
        open={!!created}
        title="Votre nouvelle clé"
        onCancel={() => create.reset()}
        mask={{ closable: false }}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => create.reset()}>
            J’ai copié la clé
          </Button>
        }
      >
        <Alert type="warning" showIcon title="Copiez cette clé maintenant : elle ne sera plus affichée." style={{ marginBottom: 12 }} />
        <Typography.Paragraph code copyable={{ tooltips: ['Copier la clé', 'Clé copiée'] }} data-testid="new-assistant-key" style={{ wordBreak: 'break-all', margin: 0 }}>
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </Block>
  );
}
