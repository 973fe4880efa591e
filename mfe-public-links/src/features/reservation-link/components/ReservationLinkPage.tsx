import { Result, Typography } from 'antd';
import { useParams } from 'react-router';
import { useReservationLink, type LinkAction } from '../api/callReservationLink';

const TEXT = {
  accept: { success: 'Réservation acceptée !', failure: "Échec de l'acceptation" },
  reject: { success: 'Réservation refusée', failure: 'Échec du refus' },
} as const;

const CHECK_LINK = 'Vérifiez le lien reçu par email ou contactez le support Tablée.';

/** One-click link page (no sign-in): calls the reservation service once on load (spec §2). */
export function ReservationLinkPage({ action }: { action: LinkAction }) {
  const { numero, codeManage } = useParams();
  const state = useReservationLink(action, numero, codeManage);
  const text = TEXT[action];

  switch (state.kind) {
    case 'loading':
      return <Result status="info" title="Traitement en cours..." />;
    case 'done':
      return (
        <Result
          status="success"
          title={text.success}
          subTitle={
            <>
              {state.numero && <Typography.Paragraph>Réservation n° {state.numero}</Typography.Paragraph>}
              <Typography.Paragraph>
                {state.emailSent ? 'Un email de confirmation a été envoyé au client.' : state.message}
              </Typography.Paragraph>
              <Typography.Paragraph>Vous pouvez fermer cette page.</Typography.Paragraph>
            </>
          }
        />
      );
    case 'already-handled':
      return (
        <Result
          status="warning"
          title="Réservation déjà traitée"
          subTitle={
            <>
              {state.numero && <Typography.Paragraph>Réservation n° {state.numero}</Typography.Paragraph>}
              <Typography.Paragraph>{state.message}</Typography.Paragraph>
              <Typography.Paragraph>Vous pouvez fermer cette page.</Typography.Paragraph>
            </>
          }
        />
      );
    case 'missing-parameters':
      return (
        <Result
          status="error"
          title={text.failure}
          subTitle={
            <>
              <Typography.Paragraph>Une erreur est survenue</Typography.Paragraph>
              <Typography.Paragraph>Paramètres manquants dans l'URL</Typography.Paragraph>
            </>
          }
        />
      );
    case 'failed':
      return (
        <Result
          status="error"
          title={text.failure}
          subTitle={
            <>
              <Typography.Paragraph>Une erreur est survenue</Typography.Paragraph>
              {state.message && <Typography.Paragraph>{state.message}</Typography.Paragraph>}
              {state.refused && <Typography.Paragraph>{CHECK_LINK}</Typography.Paragraph>}
              {state.apiError && (
                <Typography.Paragraph style={{ fontSize: 12, color: '#595959', wordBreak: 'break-word' }}>
                  {state.apiError}
                </Typography.Paragraph>
              )}
            </>
          }
        />
      );
  }
}
