import { PageFrame, QueryState } from '@tablee/shared';
import { firstIncompleteStep, onboardingStepOf, RESTAURANT_TABS, type MissingItem } from '@tablee/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Modal, Progress, Steps, theme, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { readOnboardingProgress, writeOnboardingProgress } from '../../../lib/onboardingProgress';
import { useFinishOnboarding } from '../api/finishOnboarding';
import { missingItemsQueryOptions } from '../api/getMissingItems';
import { onboardingRestaurantQueryOptions } from '../api/getOnboardingRestaurant';
import { useFlushOnLeave, type StepController } from '../hooks/useFlushOnLeave';
import { stepIndex, type AnyOnboardingStep } from '../steps';
import { StepPanel } from './StepPanel';

export const FINISH_ERROR_MESSAGE = 'Impossible de terminer pour le moment. Veuillez réessayer.';

/** The missing items, each with a link to its step (the CGV: Facturation's; an item of no step, in its tab afterwards). */
function MissingList({ missing, onStep }: { missing: MissingItem[]; onStep: (key: string) => void }) {
  return (
    <div>
      <p>Votre assistant en a besoin pour répondre aux groupes. Vous pourrez aussi les compléter plus tard.</p>
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {missing.map((m) => {
          const step = onboardingStepOf(m);
          return (
            <li key={m.item}>
              {m.label}
              {step ? (
                <>
                  {' — '}
                  <Button type="link" size="small" style={{ padding: 0, height: 'auto', textDecoration: 'underline' }} onClick={() => onStep(step)}>
                    aller à l’étape
                  </Button>
                </>
              ) : (
                ` — à compléter ensuite dans l’onglet « ${RESTAURANT_TABS.find((t) => t.path === m.section)?.label} » du restaurant`
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Off screen, still read: the step's name, for screen readers and the button's name. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** On a phone the six names do not fit on one line: the step's number, its name read aloud. */
function PhoneStepTitle({ number, label }: { number: number; label: string }) {
  return (
    <>
      <span aria-hidden>{number}</span>
      <span style={VISUALLY_HIDDEN}>{label}</span>
    </>
  );
}

/** The controllers of a step's sections as one: saved side by side, unsaved while either is. */
function bothSections(...refs: RefObject<StepController | null>[]): StepController {
  const present = () => refs.flatMap((ref) => (ref.current ? [ref.current] : []));
  return {
    flush: async () => (await Promise.all(present().map((c) => c.flush()))).every(Boolean),
    hasUnsaved: () => present().some((c) => c.hasUnsaved()),
    onlyRefused: () => present().every((c) => !c.hasUnsaved() || c.onlyRefused()),
  };
}

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
  /** The step's form is storing something on its own (photo uploads): moving on waits for it. */
  // The step that says it is busy (a photo uploading): another step is not, whatever the last one said.
  const [busyStep, setBusyStep] = useState<string | null>(null);
  // The step's section, and the one saved with it (the CGV in Facturation): the wizard asks both as one.
  const sectionRef = useRef<StepController>(null);
  const alsoRef = useRef<StepController>(null);
  const controllerRef = useRef<StepController>(null);
  useEffect(() => {
    controllerRef.current = bothSections(sectionRef, alsoRef);
  }, []);
  const { token } = theme.useToken();
  // On a phone the six step names would stack above the form: the inline stepper, the bar and 'Étape n/6' say enough there.
  const showStepNames = Grid.useBreakpoint().md ?? true;
  const [modal, modalHolder] = Modal.useModal();
  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: 'Quitter sans les champs signalés en rouge ?',
          content: 'Le reste de l’étape est enregistré. Les champs signalés en rouge ne le sont pas : vous pourrez les compléter en reprenant l’ajout.',
          okText: 'Quitter',
          cancelText: 'Rester',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
  useFlushOnLeave(controllerRef, confirmLeave);
  const queryClient = useQueryClient();

  // The step: from the URL, else where this restaurant's onboarding was left in this browser, else its
  // first incomplete step (the domain's completeness: another browser, a link without a step), else the first.
  const stored = readOnboardingProgress();
  const urlStep = stepIndex(steps, searchParams.get(STEP_PARAM));
  const storedStep = stored?.restaurantId === restaurantId ? stepIndex(steps, stored.step) : null;
  const completeness = useQuery({ ...missingItemsQueryOptions(restaurantId), enabled: urlStep === null && storedStep === null });
  const resumeStep = completeness.data ? stepIndex(steps, firstIncompleteStep(completeness.data)) : null;
  // Not shown at step 1 first and moved after: the step is known before anything is drawn.
  const choosing = urlStep === null && storedStep === null && completeness.isPending;
  const current = urlStep ?? storedStep ?? resumeStep ?? 0;
  const currentKey = steps[current].key;
  const stepBusy = busyStep === currentKey;
  useEffect(() => {
    if (!ready || choosing) return;
    writeOnboardingProgress({ restaurantId, step: currentKey });
    if (searchParams.get(STEP_PARAM) !== currentKey) setSearchParams({ [STEP_PARAM]: currentKey }, { replace: true });
  }, [ready, choosing, restaurantId, currentKey, searchParams, setSearchParams]);

  /** Saves what the step still holds; false (and the step stays on screen with its error) if that fails. */
  const saveStep = () => controllerRef.current?.flush() ?? Promise.resolve(true);
  /** Précédent, Suivant, a step of the missing list: the step changes once what it holds is stored. */
  const move = useMutation({
    mutationFn: async (key: string) => ((await saveStep()) ? key : null),
    onSuccess: (key) => key && setSearchParams({ [STEP_PARAM]: key }, { replace: true }),
  });
  const finish = useFinishOnboarding(restaurantId);
  const showFinishError = () => {
    modal.error({ title: 'Erreur', content: FINISH_ERROR_MESSAGE, okText: 'OK' });
  };
  const leave = () =>
    finish.mutateAsync().then(
      () => navigate('/restaurants'),
      () => showFinishError(),
    );
  /** Terminer: the step saved, what the assistant still lacks is listed first; the owner finishes anyway or goes to the step. */
  const check = useMutation({
    mutationFn: async () => ((await saveStep()) ? queryClient.fetchQuery(missingItemsQueryOptions(restaurantId)) : null),
    onError: showFinishError,
    onSuccess: (missing) => {
      if (!missing) return;
      if (missing.length === 0) return void leave();
      const firstStep = missing.map(onboardingStepOf).find(Boolean);
      const dialog = modal.confirm({
        title: `Il manque encore ${missing.length === 1 ? 'un élément' : `${missing.length} éléments`} à votre assistant`,
        width: 560,
        content: (
          <MissingList
            missing={missing}
            onStep={(key) => {
              dialog.destroy();
              move.mutate(key);
            }}
          />
        ),
        okText: 'Terminer quand même',
        cancelText: firstStep ? 'Compléter maintenant' : 'Retour',
        onOk: leave,
        onCancel: () => firstStep && move.mutate(firstStep),
      });
    },
  });
  const moving = move.isPending || check.isPending || finish.isPending;

  // Unknown, or not the owner's (RLS hides it): back to the list.
  if (restaurant.data === null) return <Navigate to="/restaurants" replace />;
  if (!restaurant.data) return <QueryState query={restaurant}>{() => null}</QueryState>;
  if (choosing) return <QueryState query={completeness}>{() => null}</QueryState>;

  const total = steps.length;
  const last = current === total - 1;
  const also = steps[current].also;
  return (
    <PageFrame title="Ajouter un restaurant">
      {modalHolder}
      {/* Each step is reachable from here, as with Précédent / Suivant: once what the step holds is saved.
          On a phone the compact inline stepper, whose names would stack above the form otherwise. */}
      <Steps
        size="small"
        type={showStepNames ? 'default' : 'inline'}
        // Kept on one line on a phone (antd would stack the steps below 532 px).
        responsive={false}
        orientation="horizontal"
        current={current}
        onChange={(index) => index !== current && !moving && !stepBusy && move.mutate(steps[index].key)}
        items={steps.map((s, i) => ({ title: showStepNames ? s.label : <PhoneStepTitle number={i + 1} label={s.label} />, disabled: moving || stepBusy }))}
      />
      <div>
        <Progress percent={Math.round(((current + 1) / total) * 100)} showInfo={false} strokeColor={token.colorPrimary} aria-label="Progression" />
        <Typography.Title level={2} style={{ fontSize: 18, margin: '8px 0 0' }}>
          Étape {current + 1}/{total} · {steps[current].label}
        </Typography.Title>
      </div>
      <StepPanel key={currentKey} step={steps[current]} restaurantId={restaurantId} controllerRef={sectionRef} onBusyChange={(busy) => setBusyStep(busy ? currentKey : null)} />
      {also && (
        <section aria-labelledby="onboarding-also" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Typography.Title level={3} id="onboarding-also" style={{ fontSize: 16, margin: '8px 0 0' }}>
            {also.title}
          </Typography.Title>
          <StepPanel key={`${currentKey}-also`} step={also.section} restaurantId={restaurantId} controllerRef={alsoRef} onBusyChange={() => {}} />
        </section>
      )}
      <nav aria-label="Navigation entre les étapes" style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
        <Button disabled={current === 0 || moving || stepBusy} onClick={() => move.mutate(steps[current - 1].key)}>
          Précédent
        </Button>
        {last ? (
          <Button type="primary" loading={moving} disabled={stepBusy} onClick={() => check.mutate()}>
            Terminer
          </Button>
        ) : (
          <Button type="primary" loading={moving} disabled={stepBusy} onClick={() => move.mutate(steps[current + 1].key)}>
            Suivant
          </Button>
        )}
      </nav>
    </PageFrame>
  );
}
