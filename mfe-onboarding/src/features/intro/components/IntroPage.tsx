import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createRestaurant } from '../api/createRestaurant';

/** Welcome page: 'Démarrer' creates an empty restaurant and opens its wizard (a failure is only logged, spec §2). */
export function IntroPage() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const id = await createRestaurant();
      navigate(`/onboarding/${id}`);
    } catch (err) {
      console.error('Création du restaurant impossible', err);
      setStarting(false);
    }
  };
  return (
    <Card style={{ maxWidth: 640, margin: '32px auto', textAlign: 'center' }}>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Bienvenue sur Tablée
      </Typography.Title>
      <Typography.Paragraph>
        Votre assistant numérique répond aux demandes de réservation de groupe en parlant comme vous. Décrivez votre
        restaurant en six étapes : informations, photos, horaires, menus, options et facturation.
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={start} loading={starting}>
        Démarrer
      </Button>
    </Card>
  );
}
