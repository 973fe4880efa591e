import { Alert, Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { writeOnboardingProgress } from '../../../lib/onboardingProgress';
import { useCreateRestaurant } from '../api/createRestaurant';

/** Shown when 'Démarrer' cannot create the restaurant (the spec only logs it; the owner is told too). */
export const CREATE_RESTAURANT_ERROR = 'Impossible de créer le restaurant. Veuillez réessayer.';

/** Welcome page: 'Démarrer' creates an empty restaurant and opens its wizard at the information step. */
export function IntroPage() {
  const navigate = useNavigate();
  const create = useCreateRestaurant();
  const start = () =>
    create.mutate(undefined, {
      onSuccess: (id) => {
        writeOnboardingProgress({ restaurantId: id, step: 'information' });
        navigate(`/onboarding/${id}?etape=information`);
      },
      onError: (err) => console.error('Création du restaurant impossible', err),
    });
  return (
    <Card style={{ maxWidth: 640, margin: '32px auto', textAlign: 'center' }}>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Bienvenue sur Tablée
      </Typography.Title>
      <Typography.Paragraph>Votre assistant numérique répond à vos clients et à leurs demandes de réservation de groupe, en parlant comme vous.</Typography.Paragraph>
      <Typography.Paragraph>Décrivez votre restaurant en six étapes : informations, photos, horaires, menus, options et facturation. Tout est enregistré au fur et à mesure.</Typography.Paragraph>
      {create.isError && <Alert type="error" showIcon title={CREATE_RESTAURANT_ERROR} style={{ marginBottom: 16, textAlign: 'left' }} />}
      <Button type="primary" size="large" onClick={start} loading={create.isPending}>
        Démarrer
      </Button>
    </Card>
  );
}
