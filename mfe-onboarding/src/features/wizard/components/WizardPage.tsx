import { PageFrame, QueryState } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Progress, Steps, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { clearOnboardingProgress, readOnboardingProgress, writeOnboardingProgress } from '../../../lib/onboardingProgress';
import { onboardingRestaurantQueryOptions } from '../api/getOnboardingRestaurant';
import { useFlushOnLeave, type StepController } from '../hooks/useFlushOnLeave';
import { stepIndex, type AnyOnboardingStep } from '../steps';
import { StepPanel } from './StepPanel';

/** URL parameter of the current step (?etape=hours): a reload resumes there. */
export const STEP_PARAM = 'etape';

/**
 * The wizard 'Ajouter un restaurant': the six steps in order, progress, 'Étape n/6',
 * Précédent / Suivant / Terminer. Changing step first saves what is waiting, and stays if that fails.
 */
export function WizardPage({ steps }: { steps: readonly AnyOnboardingStep[] }) {
  const { restaurantId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const restaurant = useQuery(onboardingRestaurantQueryOptions(restaurantId));
  const ready = !!restaurant.data;
  const [moving, setMoving] = useState(false);
  /** The step's form is storing something on its own (photo uploads): moving on waits for it. */
  const [stepBusy, setStepBusy] = useState(false);
  const controllerRef = useRef<StepController>(null);
  const { token } = theme.useToken();
  // On a phone the six step names would stack above the form: the bar and 'Étape n/6' say enough there.
  const showStepNames = Grid.useBreakpoint().md ?? true;
  useFlushOnLeave(controllerRef);

  // The step: from the URL, else where this restaurant's onboarding was left in this browser, else the first.
  const stored = readOnboardingProgress();
  const current = stepIndex(steps, searchParams.get(STEP_PARAM)) ?? (stored?.restaurantId === restaurantId ? stepIndex(steps, stored.step) : null) ?? 0;
  const currentKey = steps[current].key;
  useEffect(() => setStepBusy(false), [currentKey]);
  useEffect(() => {
    if (!ready) return;
    writeOnboardingProgress({ restaurantId, step: currentKey });
    if (searchParams.get(STEP_PARAM) !== currentKey) setSearchParams({ [STEP_PARAM]: currentKey }, { replace: true });
  }, [ready, restaurantId, currentKey, searchParams, setSearchParams]);

  /** Saves what the step still holds; false (and the step stays on screen with its error) if that fails. */
  const saveStep = async () => {
    setMoving(true);
    try {
      return (await controllerRef.current?.flush()) ?? true;
    } finally {
      setMoving(false);
    }
  };
  const goTo = async (index: number) => {
    if (await saveStep()) setSearchParams({ [STEP_PARAM]: steps[index].key }, { replace: true });
  };
  const finish = async () => {
    if (!(await saveStep())) return;
    clearOnboardingProgress();
    navigate('/restaurants');
  };

  // Unknown, or not the owner's (RLS hides it): back to the list.
  if (restaurant.data === null) return <Navigate to="/restaurants" replace />;
  if (!restaurant.data) return <QueryState query={restaurant}>{() => null}</QueryState>;

  const total = steps.length;
  const last = current === total - 1;
  return (
    <PageFrame title="Ajouter un restaurant">
      {showStepNames && <Steps size="small" current={current} items={steps.map((s) => ({ title: s.label }))} />}
      <div>
        <Progress percent={Math.round(((current + 1) / total) * 100)} showInfo={false} strokeColor={token.colorPrimary} aria-label="Progression" />
        <Typography.Title level={2} style={{ fontSize: 18, margin: '8px 0 0' }}>
          Étape {current + 1}/{total} · {steps[current].label}
        </Typography.Title>
      </div>
      <StepPanel key={currentKey} step={steps[current]} restaurantId={restaurantId} controllerRef={controllerRef} onBusyChange={setStepBusy} />
      <nav aria-label="Navigation entre les étapes" style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
        <Button disabled={current === 0 || moving || stepBusy} onClick={() => void goTo(current - 1)}>
          Précédent
        </Button>
        {last ? (
          <Button type="primary" loading={moving} disabled={stepBusy} onClick={() => void finish()}>
            Terminer
          </Button>
        ) : (
          <Button type="primary" loading={moving} disabled={stepBusy} onClick={() => void goTo(current + 1)}>
            Suivant
          </Button>
        )}
      </nav>
    </PageFrame>
  );
}
