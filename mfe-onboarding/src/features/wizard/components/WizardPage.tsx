import { NotYetAvailable, ONBOARDING_STEPS, PageError, PageFrame, PageLoading } from '@tablee/shared';
import { Button, Progress, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getOnboardingRestaurant } from '../api/getOnboardingRestaurant';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'missing' } | { state: 'ready' };

/**
 * The six-step wizard's frame: progress, 'Étape n/6', Précédent/Suivant/Terminer. The step forms
 * (and their autosave) are built by later issues.
 */
export function WizardPage() {
  const { restaurantId = '' } = useParams();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [step, setStep] = useState(0);

  const fetchRestaurant = useCallback(() => {
    setLoad({ state: 'loading' });
    getOnboardingRestaurant(restaurantId)
      .then((r) => setLoad(r ? { state: 'ready' } : { state: 'missing' }))
      .catch(() => setLoad({ state: 'error' }));
  }, [restaurantId]);
  useEffect(fetchRestaurant, [fetchRestaurant]);

  if (load.state === 'loading') return <PageLoading />;
  if (load.state === 'missing') return <Navigate to="/restaurants" replace />;
  if (load.state === 'error') return <PageError message="Erreur de chargement" onRetry={fetchRestaurant} />;

  const total = ONBOARDING_STEPS.length;
  const last = step === total - 1;
  return (
    <PageFrame title="Ajouter un restaurant">
      <Progress percent={Math.round(((step + 1) / total) * 100)} showInfo={false} aria-label="Progression" />
      <Typography.Text strong>
        Étape {step + 1}/{total} · {ONBOARDING_STEPS[step].label}
      </Typography.Text>
      <NotYetAvailable />
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          Précédent
        </Button>
        {last ? (
          <Button type="primary" onClick={() => navigate('/restaurants')}>
            Terminer
          </Button>
        ) : (
          <Button type="primary" onClick={() => setStep((s) => s + 1)}>
            Suivant
          </Button>
        )}
      </div>
    </PageFrame>
  );
}
