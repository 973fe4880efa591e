import { ofName } from '@tablee/domain/french';
import { Suspense, useState, type ComponentType } from 'react';
import type { SendOutcome } from '../api/sendRequest';
import { useRequestForm } from '../api/requestForm';
import { responsePromise, type RequestValues } from '../lib/form-rules';
import { RequestForm } from './RequestForm';
import { Sent } from './Sent';
import { REQUEST_PAGE_CSS } from './styles';

export const CLOSED_TEXT = 'Ce restaurant ne prend pas de demandes en ligne pour le moment.';

/** The restaurant's assistant, beside the form (composed by routes.tsx, fetched when first opened). */
export type ChatComponent = ComponentType<{ restaurantId: string; restaurantName: string; onClose?: () => void }>;

/** /demande/{id}?chat: the chat alone, as the bubble of 'Votre assistant' frames it on a restaurant's site. */
const chatAlone = () => new URLSearchParams(window.location.search).has('chat');

/**
 * /demande/{restaurantId}: a restaurant's public group request page (no sign-in). Light like the link
 * pages: React, the kernel's core and this module; its data is public.request_form, its one write the
 * contract's public path.
 */
export function RequestPage({ restaurantId, chat: Chat }: { restaurantId: string; chat?: ChatComponent }) {
  const [attempt, setAttempt] = useState(0);
  const state = useRequestForm(restaurantId, attempt);
  const [sent, setSent] = useState<{ outcome: Extract<SendOutcome, { kind: 'sent' }>; values: RequestValues }>();
  const [round, setRound] = useState(0);
  const [chatting, setChatting] = useState(false);
  const [alone] = useState(chatAlone);

  let body;
  if (state.kind === 'loading') {
    body = (
      <p className="rq-notice" role="status">
        Chargement...
      </p>
    );
  } else if (state.kind === 'failed') {
    body = (
      <div className="rq-notice" role="alert">
        <p>La page n’a pas pu être chargée. Vérifiez votre connexion.</p>
        <button type="button" className="rq-link-button" onClick={() => setAttempt((n) => n + 1)}>
          Réessayer
        </button>
      </div>
    );
  } else if (state.kind === 'closed') {
    body = (
      <>
        <h1>Demande de réservation de groupe</h1>
        <p className="rq-notice">{CLOSED_TEXT}</p>
      </>
    );
  } else if (alone && Chat) {
    body = (
      <Suspense
        fallback={
          <p className="rq-notice" role="status">
            Chargement...
          </p>
        }
      >
        <Chat restaurantId={restaurantId} restaurantName={state.form.restaurant.name} />
      </Suspense>
    );
  } else {
    const { restaurant } = state.form;
    body = (
      <>
        <header className="rq-header">
          {restaurant.photo && <img src={restaurant.photo.url} alt={restaurant.photo.alt_text || `Photo ${ofName(restaurant.name)}`} width={640} height={280} />}
          <h1>{restaurant.name}</h1>
          {restaurant.address && <p className="rq-muted">{restaurant.address}</p>}
          {restaurant.description && <p>{restaurant.description}</p>}
          <p className="rq-lead">Demande de réservation de groupe — réponse {responsePromise(state.form.response_time.code)}, pendant les heures d’ouverture.</p>
          {!Chat ? null : chatting ? (
            <Suspense
              fallback={
                <p className="rq-notice" role="status">
                  Chargement...
                </p>
              }
            >
              <Chat restaurantId={restaurantId} restaurantName={restaurant.name} onClose={() => setChatting(false)} />
            </Suspense>
          ) : (
            <button type="button" className="rq-link-button" onClick={() => setChatting(true)}>
              Discuter avec l’assistant
            </button>
          )}
        </header>
        {sent ? (
          <Sent
            form={state.form}
            outcome={sent.outcome}
            values={sent.values}
            onAnother={() => {
              setSent(undefined);
              setRound((n) => n + 1);
            }}
          />
        ) : (
          <RequestForm key={round} form={state.form} onSent={(outcome, values) => setSent({ outcome, values })} />
        )}
      </>
    );
  }
  return (
    <main className="rq-page" lang="fr">
      {/* React 19 hoists this into <head>, once. */}
      <style href="tablee-request-page" precedence="default">
        {REQUEST_PAGE_CSS}
      </style>
      {body}
      <p className="rq-footer">Demande transmise par Tablée</p>
    </main>
  );
}
