import { Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { callReservationLink, type LinkAction } from '../api/callReservationLink';

type State =
  | { kind: 'loading' }
  | { kind: 'success'; numero?: string }
  | { kind: 'error'; detail: string };

const TEXT = {
  accept: { success: 'Réservation acceptée !', failure: "Échec de l'acceptation" },
  reject: { success: 'Réservation refusée', failure: 'Échec du refus' },
} as const;

/** One-click link page (no sign-in): calls the reservation service once on load (spec §2). */
export function ReservationLinkPage({ action }: { action: LinkAction }) {
  const { numero, codeManage } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!numero || !codeManage) {
      setState({ kind: 'error', detail: "Paramètres manquants dans l'URL" });
      return;
    }
    let live = true;
    callReservationLink(action, numero, codeManage)
      .then((r) => {
        if (!live) return;
        if (r.success) setState({ kind: 'success', numero: r.numero_reservation_restaurateur });
        else setState({ kind: 'error', detail: 'Vérifiez le lien reçu ou contactez le support.' });
      })
      .catch((err: unknown) => live && setState({ kind: 'error', detail: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [action, numero, codeManage]);

  if (state.kind === 'loading') {
    return <Result status="info" title="Traitement en cours..." />;
  }
  if (state.kind === 'error') {
    return (
      <Result
        status="error"
        title={TEXT[action].failure}
        subTitle={
          <>
            <Typography.Paragraph>Une erreur est survenue</Typography.Paragraph>
            <Typography.Paragraph style={{ color: "#595959" }}>{state.detail}</Typography.Paragraph>
          </>
        }
      />
    );
  }
  return (
    <Result
      status="success"
      title={TEXT[action].success}
      subTitle={
        <>
          {state.numero && <Typography.Paragraph>Réservation n° {state.numero}</Typography.Paragraph>}
          <Typography.Paragraph>Un email de confirmation a été envoyé au client.</Typography.Paragraph>
          <Typography.Paragraph>Vous pouvez fermer cette page.</Typography.Paragraph>
        </>
      }
    />
  );
}
