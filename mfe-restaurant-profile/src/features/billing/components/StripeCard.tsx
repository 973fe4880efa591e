/**
 * 'Paiement en ligne' on Facturation (owners only, as the tab), above the billing form: the restaurant's
 * own Stripe account, connected through Stripe's page, or why it cannot be. Stored on its own, not by
 * the billing form's save.
 * Back from Stripe, the address says how it went (?stripe=connected|error|declined): told once, then
 * taken out of the address.
 */
import { formatDate } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, message, Popconfirm, Skeleton, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { stripeAccountQueryOptions, stripeStatusQueryOptions, useConnectStripe, useDisconnectStripe, type StripeAccount } from '../api/stripe';

export const STRIPE_NOT_CONFIGURED_TEXT =
  "Le paiement en ligne n'est pas encore disponible sur cette installation. Vos clients règlent l'acompte par virement ou par le lien de paiement indiqué ci-dessous.";
export const STRIPE_PITCH_TEXT =
  "Encaissez l'acompte (ou les arrhes) en ligne, directement sur votre propre compte Stripe : le client paie par carte depuis sa page, la réservation passe en « Payée » toute seule, et les remboursements se font en un clic. Tablée ne conserve que l'identifiant de votre compte.";
export const STRIPE_CONNECTED_MESSAGE = 'Votre compte Stripe est connecté.';
export const STRIPE_FAILED_MESSAGE = 'La connexion à Stripe a échoué. Réessayez.';
export const STRIPE_DECLINED_MESSAGE = 'Connexion à Stripe annulée.';
export const STRIPE_DISCONNECT_QUESTION = 'Déconnecter ce compte Stripe ? Les paiements déjà reçus restent enregistrés ; vos clients ne pourront plus payer en ligne.';

/** The query parameter Stripe's way back sets. */
const RETURN_PARAM = 'stripe';

function ConnectedAccount({ account, restaurantId, onError }: { account: StripeAccount; restaurantId: string; onError: (message: string | null) => void }) {
  const disconnect = useDisconnectStripe(restaurantId);
  const confirm = () => {
    onError(null);
    return disconnect.mutateAsync().then(
      () => undefined,
      (err: Error) => onError(err.message),
    );
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Compte Stripe connecté : <Typography.Text strong>{account.account_name ?? account.account_id}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Identifiant :{' '}
          <Typography.Text type="secondary" code>
            {account.account_id}
          </Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Connecté le {formatDate(account.connected_at)}
        </Typography.Text>
      </div>
      <Popconfirm title={STRIPE_DISCONNECT_QUESTION} okText="Déconnecter" cancelText="Annuler" okButtonProps={{ danger: true }} onConfirm={confirm}>
        <Button danger loading={disconnect.isPending}>
          Déconnecter
        </Button>
      </Popconfirm>
    </div>
  );
}

function Connect({ restaurantId, onError }: { restaurantId: string; onError: (message: string | null) => void }) {
  const connect = useConnectStripe(restaurantId);
  const start = () => {
    onError(null);
    connect.mutate(undefined, { onError: (err) => onError(err.message) });
  };
  return (
    <>
      <Typography.Paragraph>{STRIPE_PITCH_TEXT}</Typography.Paragraph>
      {/* Still loading once answered: the browser is leaving for Stripe's page. */}
      <Button type="primary" loading={connect.isPending || connect.isSuccess} onClick={start}>
        Connecter mon compte Stripe
      </Button>
    </>
  );
}

export function StripeCard({ restaurantId }: { restaurantId: string }) {
  const status = useQuery(stripeStatusQueryOptions());
  const account = useQuery(stripeAccountQueryOptions(restaurantId));
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get(RETURN_PARAM);
  // Read once, when the page opens on Stripe's way back: the address loses it just after.
  const [failed, setFailed] = useState(returned === 'error');
  const [error, setError] = useState<string | null>(null);
  const [messages, messagesHolder] = message.useMessage();
  const titleId = useId();

  useEffect(() => {
    if (returned === null) return;
    if (returned === 'connected') void messages.success(STRIPE_CONNECTED_MESSAGE);
    if (returned === 'declined') void messages.info(STRIPE_DECLINED_MESSAGE);
    setSearchParams(
      (params) => {
        params.delete(RETURN_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [returned, messages, setSearchParams]);

  /** A new attempt (null) or its failure: either way, the failure Stripe's way back told of is over. */
  const onError = (text: string | null) => {
    setError(text);
    setFailed(false);
  };

  const body = () => {
    if (status.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (status.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={status.error.message}
          action={
            <Button size="small" onClick={() => void status.refetch()}>
              Réessayer
            </Button>
          }
        />
      );
    if (!status.data.configured) return <Typography.Paragraph style={{ margin: 0 }}>{STRIPE_NOT_CONFIGURED_TEXT}</Typography.Paragraph>;
    if (account.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (account.isError)
      return (
        <Alert
          type="error"
          showIcon
          title="Erreur de chargement"
          action={
            <Button size="small" onClick={() => void account.refetch()}>
              Réessayer
            </Button>
          }
        />
      );
    return account.data ? <ConnectedAccount account={account.data} restaurantId={restaurantId} onError={onError} /> : <Connect restaurantId={restaurantId} onError={onError} />;
  };

  return (
    <section aria-labelledby={titleId} style={{ maxWidth: 900 }}>
      {messagesHolder}
      <Card
        title={
          <Typography.Title id={titleId} level={2} style={{ fontSize: 16, margin: 0 }}>
            Paiement en ligne
          </Typography.Title>
        }
      >
        {failed && <Alert type="error" showIcon closable title={STRIPE_FAILED_MESSAGE} onClose={() => setFailed(false)} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon closable title={error} onClose={() => setError(null)} style={{ marginBottom: 16 }} />}
        {body()}
      </Card>
    </section>
  );
}
